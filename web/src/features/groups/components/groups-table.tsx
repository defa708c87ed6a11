/** The groups of the environment: health, the agent that set it, windows as totals over their agents. */
import { Link } from '@tanstack/react-router';
import './groups.css';
import { ErrorMessage } from '../../../components/ui/error-message';
import { HealthBadge, WindowCells } from '../../../components/ui/health';
import { Empty, Loading } from '../../../components/ui/loading';
import type { Env } from '../../../lib/environment';
import { useGroupsHealth } from '../api/groups';

export function GroupsTable({ projectId, env }: { projectId: string; env: Env }) {
  const groups = useGroupsHealth(projectId, env);
  if (groups.isPending) return <Loading what="Loading groups" />;
  if (groups.error) return <ErrorMessage error={groups.error} />;
  if (groups.data.data.length === 0) return <Empty>No groups in the {env} environment yet.</Empty>;
  return (
    <div className="table-wrap">
      <table className="table" data-testid="groups-table">
        <thead>
          <tr>
            <th>Group</th>
            <th>Health</th>
            <th className="num">Agents</th>
            {['7 d', '30 d'].flatMap((days) =>
              ['Calls', 'Resolved', 'To a person', 'Frustration', 'Compliance'].map((title) => (
                <th key={`${days}-${title}`} className="num">
                  {title} ({days})
                </th>
              )),
            )}
          </tr>
        </thead>
        <tbody>
          {groups.data.data.map((group) => (
            <tr key={group.id} data-testid="group-row" data-group-id={group.id}>
              <td>
                <Link to="/$env/groups/$groupId" params={{ env, groupId: group.id }}>
                  {group.name}
                </Link>
              </td>
              <td>
                <HealthBadge status={group.health_status} />
                <div className="muted small">{group.reason}</div>
              </td>
              <td className="num">{group.agents}</td>
              <WindowCells window={group.last_7_days} />
              <WindowCells window={group.last_30_days} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
