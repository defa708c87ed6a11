/** An agent's page: health and both windows, placement, trends over 30 or 90 days with releases, health history. */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { HealthBadge, since, WindowsTable } from '../../../components/ui/health';
import { Loading } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import type { Env } from '../../../lib/environment';
import { useTimeFormat } from '../../../lib/time';
import { useAgent } from '../api/agents';
import type { AgentPage } from '../types';
import { PlacementPanel } from './placement-panel';
import { TREND_METRICS, TrendChart } from './trend-chart';

export function AgentDetail({
  projectId,
  env,
  agentId,
  canPlace,
}: {
  projectId: string;
  env: Env;
  agentId: string;
  canPlace: boolean;
}) {
  const [days, setDays] = useState<30 | 90>(30);
  const agent = useAgent(projectId, env, agentId, days);
  if (agent.isPending) return <Loading what="Loading the agent" />;
  if (agent.error) return <ErrorMessage error={agent.error} />;
  const page = agent.data;
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
          <code>{page.id}</code> · group{' '}
          {page.group ? (
            <Link to="/$env/groups/$groupId" params={{ env, groupId: page.group.id }} data-testid="agent-group">
              {page.group.name}
            </Link>
          ) : (
            <span data-testid="agent-group">none</span>
          )}
          {page.archived_at ? ' · archived' : ''} · last conversation {since(page.last_conversation_at)}
        </span>
      </PageHeader>
      <div className="stack-lg">
        <section className="panel" aria-label="Health">
          <p data-testid="health-reason">{page.reason}</p>
          <WindowsTable last7={page.last_7_days} last30={page.last_30_days} testId="agent-windows" />
        </section>
        <section className="panel" aria-label="Trends">
          <div className="heading-action">
            <h2>
              Trends, last {page.trend.days} days <span className="muted small">(days in {page.trend.time_zone})</span>
            </h2>
            <fieldset className="bare row" aria-label="Range">
              {([30, 90] as const).map((range) => (
                <Button
                  key={range}
                  variant={range === days ? 'primary' : 'ghost'}
                  onClick={() => setDays(range)}
                  data-testid={`range-${range}`}
                >
                  {range} days
                </Button>
              ))}
            </fieldset>
          </div>
          <p className="muted small" data-testid="releases">
            Releases:{' '}
            {page.trend.releases.length === 0
              ? 'none in this range'
              : page.trend.releases.map((r) => `${r.version} (${r.day})`).join(', ')}
          </p>
          <div className="trends">
            {TREND_METRICS.map((metric) => (
              <TrendChart key={metric.key} metric={metric} points={page.trend.points} releases={page.trend.releases} />
            ))}
          </div>
        </section>
        <HealthHistory page={page} />
        {canPlace ? (
          <PlacementPanel key={page.group?.id ?? 'none'} projectId={projectId} env={env} agent={page} />
        ) : null}
      </div>
    </>
  );
}

function HealthHistory({ page }: { page: AgentPage }) {
  const time = useTimeFormat();
  return (
    <section className="panel" aria-label="Health history">
      <h2>Health history</h2>
      {page.transitions.length === 0 ? (
        <p className="muted">No change of status yet.</p>
      ) : (
        <ol className="plain-list" data-testid="health-history">
          {page.transitions.map((t) => (
            <li key={t.seq} data-testid="health-transition" data-new-status={t.new_status}>
              <span className="nowrap">{time.dateTime(t.at)}</span>: {t.old_status.replaceAll('_', ' ')} →{' '}
              <strong>{t.new_status.replaceAll('_', ' ')}</strong> <span className="muted">{t.reason}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
