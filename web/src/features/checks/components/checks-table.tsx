/** Every check of the project with what it did in this environment over the last 7 days. */
import { Link } from '@tanstack/react-router';
import './checks.css';
import '../../judge/components/judge.css';
import { Badge } from '../../../components/ui/badge';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Loading } from '../../../components/ui/loading';
import type { Env } from '../../../lib/environment';
import { useChecksPage } from '../api/list-checks-page';
import { describeScope } from './scope-editor';
import { CheckStatusBadge, percent } from './status-badge';

export function ChecksTable({ projectId, env }: { projectId: string; env: Env }) {
  const checks = useChecksPage(projectId, env);
  if (checks.isPending) return <Loading what="Loading checks" />;
  if (checks.error) return <ErrorMessage error={checks.error} />;
  return (
    <div className="table-wrap">
      <table className="table" data-testid="checks-table">
        <thead>
          <tr>
            <th>Check</th>
            <th>Category</th>
            <th>Severity</th>
            <th>Status</th>
            <th>On</th>
            <th>Version</th>
            <th>Applies to</th>
            <th className="num">Scored (7 days)</th>
            <th className="num">Failed</th>
          </tr>
        </thead>
        <tbody>
          {checks.data.data.map((check) => (
            <tr key={check.key} data-testid="check-row" data-check-key={check.key}>
              <td>
                <Link to="/$env/checks/$key" params={{ env, key: check.key }}>
                  {check.name}
                </Link>
                <div className="muted small">
                  <code>{check.key}</code>{' '}
                  {check.builtin ? '· built-in' : check.judge ? '· plain language' : '· custom'}
                </div>
                {check.judge_unavailable_reason ? (
                  <div className="small judge-flag" data-testid="judge-unavailable">
                    <Badge tone="warn">no result</Badge> {check.judge_unavailable_reason}{' '}
                    <Link to="/$env/settings" params={{ env }}>
                      Settings → Judge
                    </Link>
                  </div>
                ) : null}
                {check.agreement_dropped_at ? (
                  <div className="small judge-flag" data-testid="agreement-dropped">
                    <Badge tone="bad">agreement dropped</Badge> below the bar over its last 50 labels since{' '}
                    {new Date(check.agreement_dropped_at).toLocaleDateString()}
                  </div>
                ) : null}
              </td>
              <td>{check.category}</td>
              <td>{check.severity}</td>
              <td>
                <CheckStatusBadge status={check.status} />
                {check.never_alerts ? <div className="muted small">never alerts</div> : null}
              </td>
              <td>{check.enabled ? <Badge tone="good">on</Badge> : <Badge tone="muted">off</Badge>}</td>
              <td>v{check.version}</td>
              <td className="small">{describeScope(check.scope)}</td>
              <td className="num">{check.last_7_days.scored}</td>
              <td className="num">
                {check.last_7_days.failed}{' '}
                <span className="muted small">({percent(check.last_7_days.failure_rate)})</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
