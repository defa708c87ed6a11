/** One webhook endpoint: its settings, and for an admin disable/enable, rotate, send a test; its delivery log. */
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { SecretOnce } from '../../../components/ui/secret-once';
import type { Env } from '../../../lib/environment';
import { useTimeFormat } from '../../../lib/time';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { useSendTestEvent } from '../api/send-test-event';
import { useUpdateWebhook } from '../api/update-webhook';
import type { Endpoint } from '../types';
import { DeliveryLog } from './delivery-log';

const DISABLED_WHY: Record<string, string> = {
  manual: 'disabled by a person',
  gone: 'disabled: the endpoint answered 410 Gone',
  failing: 'disabled: every attempt failed for 5 days',
};

export function EndpointCard({
  projectId,
  env,
  endpoint,
  canManage,
}: {
  projectId: string;
  env: Env;
  endpoint: Endpoint;
  canManage: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const update = useUpdateWebhook(projectId, env, endpoint.id);
  const rotate = useRotateWebhookSecret(projectId, env, endpoint.id);
  const test = useSendTestEvent(projectId, env, endpoint.id);
  const time = useTimeFormat();

  return (
    <li className="endpoint" data-testid="endpoint">
      <div className="endpoint-head">
        <button type="button" className="linkish endpoint-url" onClick={() => setOpen(!open)} aria-expanded={open}>
          {endpoint.url}
        </button>
        {endpoint.enabled ? (
          <Badge tone="good">enabled</Badge>
        ) : (
          <Badge tone="muted">{DISABLED_WHY[endpoint.disabled_reason ?? 'manual'] ?? 'disabled'}</Badge>
        )}
        <span className="spacer" />
        {canManage ? (
          <span className="endpoint-actions">
            <Button onClick={() => test.mutate(undefined, { onSuccess: () => setOpen(true) })} busy={test.isPending}>
              Send test event
            </Button>
            <Button onClick={() => update.mutate({ enabled: !endpoint.enabled })} busy={update.isPending}>
              {endpoint.enabled ? 'Disable' : 'Enable'}
            </Button>
            <ConfirmButton
              label="Rotate secret"
              question="Make a new signing secret? The old one keeps signing for a while, so receivers can switch."
              confirmLabel="Rotate"
              busy={rotate.isPending}
              onConfirm={() => rotate.mutate(undefined, { onSuccess: (answer) => setSecret(answer.secret) })}
            />
          </span>
        ) : null}
      </div>
      <div className="endpoint-facts muted small">
        {endpoint.description ? <span>{endpoint.description} · </span> : null}
        <span>events: {endpoint.events && endpoint.events.length > 0 ? endpoint.events.join(', ') : 'all'}</span>
        <span> · created {time.dateTime(endpoint.created_at)}</span>
        {endpoint.previous_secret_expires_at ? (
          <span> · previous secret signs until {time.dateTime(endpoint.previous_secret_expires_at)}</span>
        ) : null}
      </div>
      {secret ? <SecretOnce label="The new signing secret" secret={secret} onDone={() => setSecret(null)} /> : null}
      {test.data ? <div className="muted small">Test event queued ({test.data.message_id}).</div> : null}
      <ErrorMessage error={update.error ?? rotate.error ?? test.error} />
      {open ? (
        <div className="endpoint-log">
          <h3>Delivery log</h3>
          <DeliveryLog projectId={projectId} env={env} endpointId={endpoint.id} canManage={canManage} />
        </div>
      ) : null}
    </li>
  );
}
