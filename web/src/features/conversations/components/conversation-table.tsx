/** The list a supervisor scans: newest first, one row per conversation, the row opens it. */
import { Link } from '@tanstack/react-router';
import type { Env } from '../../../lib/environment';
import { clock, useTimeFormat } from '../../../lib/time';
import type { ConversationSummary } from '../types';
import { Frustration, OutcomeBadge, StatusBadge } from './status-badges';

export function ConversationTable({
  env,
  rows,
  checkNames,
}: {
  env: Env;
  rows: ConversationSummary[];
  /** Check names by key, for the failed checks column (the key itself until the names arrive). */
  checkNames: ReadonlyMap<string, string>;
}) {
  const time = useTimeFormat();
  return (
    <div className="table-wrap">
      <table className="table conversations-table">
        <thead>
          <tr>
            <th>Ended at</th>
            <th>Conversation</th>
            <th>Agent</th>
            <th>Channel</th>
            <th className="num">Duration</th>
            <th>Outcome</th>
            <th>Status</th>
            <th>Failed checks</th>
            <th>Frustration</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid="conversation-row">
              <td className="nowrap">{time.dateTime(row.ended_at)}</td>
              <td className="ellipsis">
                <Link to="/$env/conversations/$id" params={{ env, id: row.id }} className="row-link">
                  {row.external_id}
                </Link>
              </td>
              <td className="ellipsis">
                {row.agent.name}
                {row.agent.version ? <span className="muted"> · {row.agent.version}</span> : null}
                {row.group ? <span className="muted small"> — {row.group.name}</span> : null}
              </td>
              <td>{row.channel}</td>
              <td className="num nowrap">{row.duration_ms === null ? '—' : clock(row.duration_ms)}</td>
              <td>
                <OutcomeBadge outcome={row.outcome} />
              </td>
              <td>
                <StatusBadge status={row.status} />
              </td>
              <td className="failed-checks">
                {row.failed_checks.length === 0 ? (
                  <span className="muted">—</span>
                ) : (
                  row.failed_checks.map((key) => (
                    <span key={key} className="chip chip-bad" title={key}>
                      {checkNames.get(key) ?? key}
                    </span>
                  ))
                )}
              </td>
              <td>
                <Frustration value={row.frustration} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
