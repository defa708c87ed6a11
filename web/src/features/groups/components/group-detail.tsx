/** A group's page: its status and the agent that set it, its windows as totals, its agents worst first. */
import { Link } from '@tanstack/react-router';
import './groups.css';
import { ErrorMessage } from '../../../components/ui/error-message';
import { HealthBadge, WindowCells, WindowsTable } from '../../../components/ui/health';
import { Loading } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import type { Env } from '../../../lib/environment';
import { useGroup } from '../api/groups';

/** Short names: each agent's row carries both windows. */
const HEADERS = ['Calls', 'Resolved', 'To a person', 'Frustration', 'Compliance'];

export function GroupDetail({ projectId, env, groupId }: { projectId: string; env: Env; groupId: string }) {
  const group = useGroup(projectId, env, groupId);
  if (group.isPending) return <Loading what="Loading the group" />;
  if (group.error) return <ErrorMessage error={group.error} />;
  const page = group.data;
  return (
    <>
      <PageHeader
        title={
          <>
            {page.name} <HealthBadge status={page.health_status} />
          </>
        }
      >
        <span className="muted small">
          <code>{page.id}</code> · {page.agents} active agent{page.agents === 1 ? '' : 's'}
        </span>
      </PageHeader>
      <div className="stack-lg">
        <section className="panel" aria-label="Health">
          <p data-testid="group-reason">{page.reason}</p>
          <p className="small" data-testid="group-set-by">
            {page.set_by ? (
              <>
                Status set by{' '}
                <Link to="/$env/agents/$agentId" params={{ env, agentId: page.set_by.id }}>
                  {page.set_by.name}
                </Link>
              </>
            ) : (
              <span className="muted">No agent sets the status yet.</span>
            )}
          </p>
          <WindowsTable last7={page.last_7_days} last30={page.last_30_days} firstColumn="Window (totals)" />
        </section>
        <section className="panel" aria-label="Agents">
          <h2>Agents</h2>
          {page.members.length === 0 ? (
            <p className="muted">No agents are in this group.</p>
          ) : (
            <div className="table-wrap">
              <table className="table" data-testid="group-members">
                <thead>
                  <tr>
                    <th>Agent</th>
                    <th>Health</th>
                    {HEADERS.map((title) => (
                      <th key={title} className="num">
                        {title} (7 d)
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {page.members.map((member) => (
                    <tr key={member.id} data-testid="group-member" data-agent-id={member.id}>
                      <td>
                        <Link to="/$env/agents/$agentId" params={{ env, agentId: member.id }}>
                          {member.name}
                        </Link>
                        {member.sets_status ? <span className="muted small"> · sets the status</span> : null}
                        {member.archived_at ? <span className="muted small"> · archived</span> : null}
                        {!member.active && !member.archived_at ? (
                          <span className="muted small"> · no calls in 30 days</span>
                        ) : null}
                      </td>
                      <td>
                        <HealthBadge status={member.health_status} />
                        <div className="muted small">{member.reason}</div>
                      </td>
                      <WindowCells window={member.last_7_days} />
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </>
  );
}
