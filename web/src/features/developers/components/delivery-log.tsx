/** The deliveries of one endpoint with every attempt (status code, time taken, error) and redelivery. */
import { Fragment } from 'react';
import { Badge, type Tone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Empty, Loading } from '../../../components/ui/loading';
import type { Env } from '../../../lib/environment';
import { useTimeFormat } from '../../../lib/time';
import { useDeliveries } from '../api/list-deliveries';
import { useRedeliver } from '../api/redeliver';

const STATUS_TONE: Record<string, Tone> = {
  delivered: 'good',
  failed: 'bad',
  pending: 'muted',
  delivering: 'info',
  cancelled: 'muted',
};

export function DeliveryLog({
  projectId,
  env,
  endpointId,
  canManage,
}: {
  projectId: string;
  env: Env;
  endpointId: string;
  canManage: boolean;
}) {
  const deliveries = useDeliveries(projectId, env, endpointId);
  const redeliver = useRedeliver(projectId, env, endpointId);
  const time = useTimeFormat();
  if (deliveries.isPending) return <Loading what="Loading deliveries" />;
  if (deliveries.error) return <ErrorMessage error={deliveries.error} />;
  const rows = deliveries.data.data;
  if (rows.length === 0) return <Empty>No deliveries yet. Send a test event to try the endpoint.</Empty>;
  return (
    <div className="table-wrap">
      <table className="table delivery-log" aria-label="Delivery log">
        <thead>
          <tr>
            <th>Created</th>
            <th>Event</th>
            <th>Status</th>
            <th>Attempts</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((delivery) => (
            <Fragment key={delivery.id}>
              <tr data-testid="delivery-row">
                <td className="nowrap">{time.precise(delivery.created_at)}</td>
                <td>
                  <code>{delivery.event_type}</code>
                </td>
                <td>
                  <Badge tone={STATUS_TONE[delivery.status] ?? 'neutral'}>{delivery.status}</Badge>
                </td>
                <td>
                  <ol className="attempts">
                    {delivery.attempts.map((attempt, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: attempts only ever append; the position is the attempt
                      <li key={index} data-testid="attempt">
                        <span className="nowrap">{time.precise(attempt.at)}</span>{' '}
                        <Badge
                          tone={attempt.status_code !== null && attempt.status_code < 300 ? 'good' : 'bad'}
                          title="Status code"
                        >
                          {attempt.status_code ?? 'no answer'}
                        </Badge>{' '}
                        {attempt.duration_ms !== null ? <span className="muted">{attempt.duration_ms} ms</span> : null}
                        {attempt.error ? <span className="muted"> · {attempt.error}</span> : null}
                      </li>
                    ))}
                    {delivery.attempts.length === 0 ? <li className="muted">not attempted yet</li> : null}
                  </ol>
                </td>
                <td className="actions">
                  {canManage ? (
                    <Button variant="ghost" onClick={() => redeliver.mutate(delivery.id)} busy={redeliver.isPending}>
                      Redeliver
                    </Button>
                  ) : null}
                </td>
              </tr>
            </Fragment>
          ))}
        </tbody>
      </table>
      <ErrorMessage error={redeliver.error} />
    </div>
  );
}
