import { Badge, type Tone } from '../../../components/ui/badge';
import type { CheckStatus } from '../types';

const TONE: Record<CheckStatus, Tone> = { draft: 'muted', shadow: 'info', active: 'good' };

/** Draft scores test calls only; shadow scores everything and never alerts; active does everything. */
export function CheckStatusBadge({ status }: { status: CheckStatus }) {
  const title =
    status === 'draft'
      ? 'Scores test conversations only'
      : status === 'shadow'
        ? 'Scores every conversation, never alerts nor counts in health'
        : 'Scores, alerts and counts in health';
  return (
    <span data-testid="check-status" data-status={status}>
      <Badge tone={TONE[status]} title={title}>
        {status}
      </Badge>
    </span>
  );
}

export function percent(rate: number | null): string {
  return rate === null ? '—' : `${(rate * 100).toFixed(rate < 0.1 && rate > 0 ? 1 : 0)}%`;
}
