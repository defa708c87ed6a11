/** Health as the groups pages show it (features do not share components: agents has its own). */
import { Badge, type Tone } from '../../../components/ui/badge';
import type { HealthStatus, HealthWindow } from '../types';

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

const rate = (value: number | null) => (value === null ? '—' : `${Math.round(value * 100)}%`);

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
