/**
 * Home for one environment: conversations today and over 7 days, who needs attention and why, the checks
 * failing most this week, and conversations whose scoring failed, each a link.
 */
import { Link } from '@tanstack/react-router';
import './home.css';
import { Badge } from '../../../components/ui/badge';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Loading } from '../../../components/ui/loading';
import type { Env } from '../../../lib/environment';
import { useTimeFormat } from '../../../lib/time';
import { useHome } from '../api/home';

const statusLabel = (status: string) => (status === 'at_risk' ? 'At risk' : 'Watch');

export function HomeView({ projectId, env }: { projectId: string; env: Env }) {
  const home = useHome(projectId, env);
  const time = useTimeFormat();
  if (home.isPending) return <Loading />;
  if (home.error) return <ErrorMessage error={home.error} />;
  const data = home.data;
  return (
    <div className="home-grid" data-testid="home">
      <section className="panel" aria-label="Conversations">
        <h2>Conversations</h2>
        <div className="big-figures">
          <div>
            <strong data-testid="home-today">{data.conversations.today}</strong>
            <span className="muted small">scored today</span>
          </div>
          <div>
            <strong data-testid="home-week">{data.conversations.last_7_days}</strong>
            <span className="muted small">in the last 7 days</span>
          </div>
        </div>
        <Link to="/$env/conversations" params={{ env }}>
          All conversations
        </Link>
      </section>
      <section className="panel" aria-label="Needs attention">
        <h2>Needs attention</h2>
        {data.attention.agents.length + data.attention.groups.length === 0 ? (
          <p className="muted">No agent or group is at risk or on watch.</p>
        ) : (
          <ul className="plain-list">
            {data.attention.groups.map((group) => (
              <li key={`g-${group.id}`} data-testid="attention-group">
                <Badge tone={group.health_status === 'at_risk' ? 'bad' : 'warn'}>
                  {statusLabel(group.health_status)}
                </Badge>{' '}
                group{' '}
                <Link to="/$env/groups/$groupId" params={{ env, groupId: group.id }}>
                  {group.name}
                </Link>
                <div className="muted small">{group.reason}</div>
              </li>
            ))}
            {data.attention.agents.map((agent) => (
              <li key={`a-${agent.id}`} data-testid="attention-agent">
                <Badge tone={agent.health_status === 'at_risk' ? 'bad' : 'warn'}>
                  {statusLabel(agent.health_status)}
                </Badge>{' '}
                <Link to="/$env/agents/$agentId" params={{ env, agentId: agent.id }}>
                  {agent.name}
                </Link>
                <div className="muted small">{agent.reason}</div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="panel" aria-label="Failing checks">
        <h2>Checks failing most this week</h2>
        {data.failing_checks.length === 0 ? (
          <p className="muted">No check failed this week.</p>
        ) : (
          <ol className="plain-list">
            {data.failing_checks.map((check) => (
              <li key={check.key}>
                <Link to="/$env/checks/$key" params={{ env, key: check.key }}>
                  {check.name}
                </Link>{' '}
                <span className="muted small">
                  {check.failures} failure{check.failures === 1 ? '' : 's'}
                  {check.status && check.status !== 'active' ? ` · ${check.status}` : ''}
                </span>
                {' · '}
                <Link to="/$env/conversations" params={{ env }} search={{ check: check.key }}>
                  see them
                </Link>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section className="panel" aria-label="Failed scoring">
        <h2>Conversations that failed scoring</h2>
        {data.failed_conversations.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <ul className="plain-list">
            {data.failed_conversations.map((conversation) => (
              <li key={conversation.id} data-testid="failed-conversation">
                <Link to="/$env/conversations/$id" params={{ env, id: conversation.id }}>
                  {conversation.external_id}
                </Link>{' '}
                <span className="muted small">
                  {time.dateTime(conversation.ended_at)} · {conversation.agent.name}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
