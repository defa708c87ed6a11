/** The agents of the environment with their health, both windows and the time since their last conversation. */
import { Link } from '@tanstack/react-router';
import './trend-chart.css';
import { ErrorMessage } from '../../../components/ui/error-message';
import { HealthBadge, since, WindowCells } from '../../../components/ui/health';
import { Empty, Loading } from '../../../components/ui/loading';
import type { Env } from '../../../lib/environment';
import { useAgentsHealth } from '../api/agents';

export function AgentsTable({ projectId, env }: { projectId: string; env: Env }) {
  const agents = useAgentsHealth(projectId, env);
  if (agents.isPending) return <Loading what="Loading agents" />;
  if (agents.error) return <ErrorMessage error={agents.error} />;
  if (agents.data.data.length === 0) return <Empty>No agents in the {env} environment yet.</Empty>;
  return (
    <div className="table-wrap">
      <table className="table" data-testid="agents-table">
        <thead>
          <tr>
            <th rowSpan={2}>Agent</th>
            <th rowSpan={2}>Group</th>
            <th rowSpan={2}>Health</th>
            <th colSpan={5}>Last 7 days</th>
            <th colSpan={5}>Last 30 days</th>
            <th rowSpan={2}>Last conversation</th>
          </tr>
          <tr>
            {[7, 30].flatMap((days) =>
              ['Calls', 'Resolved', 'To a person', 'Frustration', 'Compliance'].map((title) => (
                <th key={`${days}-${title}`} className="num">
                  {title}
                </th>
              )),
            )}
          </tr>
        </thead>
        <tbody>
          {agents.data.data.map((agent) => (
            <tr key={agent.id} data-testid="agent-row" data-agent-id={agent.id}>
              <td>
                <Link to="/$env/agents/$agentId" params={{ env, agentId: agent.id }}>
                  {agent.name}
                </Link>
                {agent.archived_at ? <span className="muted small"> · archived</span> : null}
              </td>
              <td>
                {agent.group ? (
                  <Link to="/$env/groups/$groupId" params={{ env, groupId: agent.group.id }}>
                    {agent.group.name}
                  </Link>
                ) : (
                  <span className="muted">none</span>
                )}
              </td>
              <td>
                <HealthBadge status={agent.health_status} />
                <div className="muted small">{agent.reason}</div>
              </td>
              <WindowCells window={agent.last_7_days} />
              <WindowCells window={agent.last_30_days} />
              <td className="nowrap">{since(agent.last_conversation_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
