/**
 * Health as the agents and groups pages show it: a badge per status, figures of a window, time since the last
 * call. Shared here because features do not import each other.
 */
import { Badge, type Tone } from './badge';

/** Health as /app/api answers it for agents and groups alike (docs/app-api.md, part 2). */
export type HealthStatus = 'healthy' | 'watch' | 'at_risk' | 'not_enough_calls';

export interface HealthWindow {
  conversations: number;
  with_outcome: number;
  resolution_rate: number | null;
  handed_to_person_rate: number;
  requests_for_person_not_honored: number;
  avg_frustration: number | null;
  compliance_failures: number;
}

const TONE: Record<HealthStatus, Tone> = { healthy: 'good', watch: 'warn', at_risk: 'bad', not_enough_calls: 'muted' };
const LABEL: Record<HealthStatus, string> = {
  healthy: 'Healthy',
  watch: 'Watch',
  at_risk: 'At risk',
  not_enough_calls: 'Not enough calls yet',
};

export function HealthBadge({ status }: { status: HealthStatus }) {
  return (
    <span data-testid="health-status" data-status={status}>
      <Badge tone={TONE[status]}>{LABEL[status] ?? status}</Badge>
    </span>
  );
}

export const rate = (value: number | null) => (value === null ? '—' : `${Math.round(value * 100)}%`);

export function WindowCells({ window }: { window: HealthWindow }) {
  return (
    <>
      <td className="num">{window.conversations}</td>
      <td className="num">{rate(window.resolution_rate)}</td>
      <td className="num">{rate(window.with_outcome > 0 ? window.handed_to_person_rate : null)}</td>
      <td className="num">{window.avg_frustration === null ? '—' : window.avg_frustration.toFixed(2)}</td>
      <td className="num">{window.compliance_failures}</td>
    </>
  );
}

export const WINDOW_HEADERS = ['Conversations', 'Resolved', 'To a person', 'Frustration', 'Compliance failures'];

/** "3 h ago", "2 d ago" from an ISO instant. */
export function since(iso: string | null, now = Date.now()): string {
  if (!iso) return 'never';
  const minutes = Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} d ago`;
}

/** The two windows of an agent or a group, one row each, under the full column names. */
export function WindowsTable({
  last7,
  last30,
  firstColumn = 'Window',
  testId,
}: {
  last7: HealthWindow;
  last30: HealthWindow;
  firstColumn?: string;
  testId?: string;
}) {
  return (
    <div className="table-wrap">
      <table className="table" data-testid={testId}>
        <thead>
          <tr>
            <th>{firstColumn}</th>
            {WINDOW_HEADERS.map((title) => (
              <th key={title} className="num">
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Last 7 days</td>
            <WindowCells window={last7} />
          </tr>
          <tr>
            <td>Last 30 days</td>
            <WindowCells window={last30} />
          </tr>
        </tbody>
      </table>
    </div>
  );
}
