/** Webhook endpoints of one environment: create (secret shown once), then each endpoint's card. */
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Field } from '../../../components/ui/field';
import { Empty, Loading } from '../../../components/ui/loading';
import { SecretOnce } from '../../../components/ui/secret-once';
import { ApiError } from '../../../lib/api-error';
import type { Env } from '../../../lib/environment';
import { useCreateWebhook } from '../api/create-webhook';
import { useWebhooks } from '../api/list-webhooks';
import { EVENT_TYPES } from '../types';
import { EndpointCard } from './endpoint-card';

export function WebhooksPanel({ projectId, env, canManage }: { projectId: string; env: Env; canManage: boolean }) {
  const endpoints = useWebhooks(projectId, env);
  const create = useCreateWebhook(projectId, env);
  const [adding, setAdding] = useState(false);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [types, setTypes] = useState<string[]>(['conversation.evaluated']);
  const [secret, setSecret] = useState<string | null>(null);
  const fields = create.error instanceof ApiError ? create.error.fields : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { url: url.trim(), event_types: types, ...(description.trim() ? { description: description.trim() } : {}) },
      {
        onSuccess: (created) => {
          setSecret(created.secret);
          setAdding(false);
          setUrl('');
          setDescription('');
        },
      },
    );
  };
  const toggle = (type: string) =>
    setTypes((current) => (current.includes(type) ? current.filter((t) => t !== type) : [...current, type]));
  const rows = endpoints.data?.data ?? [];

  return (
    <section className="panel" aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading">
        Webhook endpoints <span className="muted small">{env} environment</span>
        {canManage && !adding ? (
          <Button className="heading-action" onClick={() => setAdding(true)}>
            Add endpoint
          </Button>
        ) : null}
      </h2>
      {secret ? (
        <SecretOnce label="The endpoint's signing secret" secret={secret} onDone={() => setSecret(null)} />
      ) : null}
      {adding ? (
        <form className="stack webhook-form" onSubmit={submit} aria-label="Add a webhook endpoint">
          <Field label="URL" errors={fields.url} hint={env === 'live' ? 'https is required for live.' : undefined}>
            <input type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://…" required />
          </Field>
          <Field label="Description (optional)" errors={fields.description}>
            <input value={description} onChange={(e) => setDescription(e.target.value)} />
          </Field>
          <fieldset className="checks-fieldset">
            <legend>Events</legend>
            {EVENT_TYPES.map((type) => (
              <label key={type} className="checkbox">
                <input type="checkbox" checked={types.includes(type)} onChange={() => toggle(type)} />
                <code>{type}</code>
              </label>
            ))}
            <span className="field-hint">None chosen: every event, including ones added later.</span>
            {(fields.event_types ?? []).map((problem) => (
              <span key={problem} className="field-error">
                {problem}
              </span>
            ))}
          </fieldset>
          <ErrorMessage error={create.error && Object.keys(fields).length === 0 ? create.error : null} />
          <div className="row">
            <Button type="submit" variant="primary" busy={create.isPending}>
              Create endpoint
            </Button>
            <Button variant="ghost" onClick={() => setAdding(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
      {endpoints.isPending ? (
        <Loading what="Loading endpoints" />
      ) : endpoints.error ? (
        <ErrorMessage error={endpoints.error} />
      ) : rows.length === 0 ? (
        <Empty>No webhook endpoints in {env} yet.</Empty>
      ) : (
        <ul className="endpoints">
          {rows.map((endpoint) => (
            <EndpointCard key={endpoint.id} projectId={projectId} env={env} endpoint={endpoint} canManage={canManage} />
          ))}
        </ul>
      )}
    </section>
  );
}
