import { Badge, type Tone } from '../../../components/ui/badge';
import { type ConversationStatus, OUTCOME_WORDS, STATUS_WORDS } from '../types';

// Done is the normal case and stays quiet; what still needs a look stands out.
const STATUS_TONE: Record<ConversationStatus, Tone> = {
  queued: 'warn',
  evaluating: 'info',
  done: 'muted',
  failed: 'bad',
};

export function StatusBadge({ status }: { status: ConversationStatus }) {
  return <Badge tone={STATUS_TONE[status] ?? 'neutral'}>{STATUS_WORDS[status] ?? status}</Badge>;
}

const OUTCOME_TONE: Record<string, Tone> = {
  resolved: 'good',
  unresolved: 'bad',
  escalated: 'info',
  handed_to_person: 'info',
  not_real_inquiry: 'muted',
  not_customer_call: 'muted',
};

export function OutcomeBadge({ outcome }: { outcome: string | null }) {
  if (!outcome) return <span className="muted">—</span>;
  return <Badge tone={OUTCOME_TONE[outcome] ?? 'neutral'}>{OUTCOME_WORDS[outcome] ?? outcome}</Badge>;
}

const VERDICT_TONE: Record<string, Tone> = {
  pass: 'good',
  fail: 'bad',
  uncertain: 'warn',
  not_applicable: 'muted',
  met: 'good',
  not_met: 'warn',
};

const VERDICT_WORDS: Record<string, string> = {
  pass: 'Pass',
  fail: 'Fail',
  uncertain: 'Uncertain',
  not_applicable: 'Not applicable',
  met: 'Met',
  not_met: 'Not met',
};

export function VerdictBadge({ verdict }: { verdict: string }) {
  return <Badge tone={VERDICT_TONE[verdict] ?? 'neutral'}>{VERDICT_WORDS[verdict] ?? verdict}</Badge>;
}

const CHECK_STATUS_TONE: Record<string, Tone> = { draft: 'muted', shadow: 'warn', active: 'info' };

export function CheckStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={CHECK_STATUS_TONE[status] ?? 'neutral'} title={`This check is ${status}`}>
      {status}
    </Badge>
  );
}

export function Frustration({ value }: { value: number | null }) {
  if (value === null || value === undefined) return <span className="muted">—</span>;
  const level = value >= 0.6 ? 'high' : value >= 0.3 ? 'mid' : 'low';
  return (
    <span className={`meter meter-${level}`} title={`Frustration ${value.toFixed(2)} of 1`}>
      <span className="meter-bar">
        <span className="meter-fill" data-level={level} style={{ width: `${Math.round(value * 100)}%` }} />
      </span>
      {value.toFixed(2)}
    </span>
  );
}
