/** The check results. Choosing one marks its evidence turns in the transcript and shows its labels. */
import type { Env } from '../../../lib/environment';
import { useTimeFormat } from '../../../lib/time';
import type { CheckResult, Label } from '../types';
import { OUTCOME_WORDS } from '../types';
import { LabelForm } from './label-form';
import { CheckStatusBadge, VerdictBadge } from './status-badges';

const DECIDED_BY: Record<string, string> = {
  rule: 'rule (from the events)',
  model: 'model',
  llm_judge: 'second review',
  second_review: 'second review',
  human: 'a person',
};

export function ResultsPanel({
  env,
  conversationId,
  results,
  labels,
  selected,
  onSelect,
  canLabel,
  scoring,
}: {
  env: Env;
  conversationId: string;
  results: CheckResult[];
  labels: Label[];
  selected: string | null;
  onSelect: (key: string | null) => void;
  canLabel: boolean;
  scoring: boolean;
}) {
  if (results.length === 0) {
    return <div className="empty">{scoring ? 'Results appear here once scoring is done.' : 'No check results.'}</div>;
  }
  return (
    <ul className="results" aria-label="Check results">
      {results.map((result) => {
        const isSelected = selected === result.check_key;
        const own = labels.filter((label) => label.check_key === result.check_key);
        return (
          <li
            key={result.check_key}
            className={`result${isSelected ? ' result-selected' : ''} result-${result.verdict}`}
            data-testid="result"
            data-check={result.check_key}
            data-evidence={result.evidence_turns.join(' ')}
          >
            <button
              type="button"
              className="result-head"
              aria-expanded={isSelected}
              onClick={() => onSelect(isSelected ? null : result.check_key)}
            >
              <span className="result-name">{result.check_name}</span>
              <CheckStatusBadge status={result.check_status} />
              <span className="spacer" />
              {result.choice ? (
                <span className="result-choice">{OUTCOME_WORDS[result.choice] ?? result.choice}</span>
              ) : null}
              <VerdictBadge verdict={result.verdict} />
            </button>
            <div className="result-facts">
              {result.score !== null ? <span>score {result.score.toFixed(2)}</span> : null}
              {result.decided_by ? <span>decided by {DECIDED_BY[result.decided_by] ?? result.decided_by}</span> : null}
              {result.evidence_turns.length > 0 ? (
                <span>evidence: {result.evidence_turns.map((turn) => `#${turn + 1}`).join(', ')}</span>
              ) : null}
            </div>
            {result.reason ? <p className="result-reason">{result.reason}</p> : null}
            {isSelected ? (
              <div className="result-detail">
                <LabelList labels={own} />
                {canLabel ? <LabelForm env={env} conversationId={conversationId} result={result} /> : null}
              </div>
            ) : own.length > 0 ? (
              <div className="muted small">
                {own.length} label{own.length === 1 ? '' : 's'}
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function LabelList({ labels }: { labels: Label[] }) {
  const time = useTimeFormat();
  if (labels.length === 0) return <div className="muted small">No labels yet.</div>;
  return (
    <ul className="labels" aria-label="Labels">
      {labels.map((label) => (
        <li key={label.id} className="label" data-testid="label">
          <strong>
            {label.choice !== null
              ? (OUTCOME_WORDS[label.choice] ?? label.choice)
              : label.verdict === 'pass'
                ? 'Pass'
                : 'Fail'}
          </strong>
          {label.choice !== null && label.verdict ? (
            <span className="muted small">{label.verdict === 'pass' ? 'agrees' : 'disagrees'}</span>
          ) : null}
          {label.note ? <span className="label-note-text">{label.note}</span> : null}
          <span className="muted small">
            {label.user ? `${label.user.name} in the application` : 'through the API'} ·{' '}
            {time.dateTime(label.created_at)}
          </span>
        </li>
      ))}
    </ul>
  );
}
