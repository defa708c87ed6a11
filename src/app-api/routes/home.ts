/**
 * Home, per environment: scored conversations today and over 7 days, the agents and groups at risk or on watch
 * with their reasons, the checks failing most this week, and the conversations that failed scoring.
 */
import type { ZodApp } from '../../api/routes/types.js';
import { createAgentPages } from '../../storage/agent-pages.js';
import { createChecksPageReads } from '../../storage/checks-page.js';
import { createConversationList } from '../../storage/conversation-list.js';
import { createHomeReads } from '../../storage/home-page.js';
import type { AppApiDeps } from '../deps.js';
import { sessionOf } from '../guard.js';
import { projectEnvParams, projectScope } from '../scope.js';
import { conversationUrl } from './conversations/shared.js';

const WEEK_MS = 7 * 86_400_000;
const FAILING_CHECKS_SHOWN = 5;
const FAILED_CONVERSATIONS_SHOWN = 10;
const NEEDS_ATTENTION = new Set(['at_risk', 'watch']);

export function registerHome(app: ZodApp, deps: AppApiDeps): void {
  const home = createHomeReads(deps.store);
  const agentPages = createAgentPages(deps.store);
  const checksPage = createChecksPageReads(deps.store);
  const conversationList = createConversationList(deps.store);

  app.get('/projects/:project_id/:environment/home', { schema: { params: projectEnvParams } }, async (request) => {
    const scope = await projectScope(deps, sessionOf(request).session.workspace.id, request.params);
    const now = deps.clock();
    const entries = await deps.catalogue.list(scope.projectId);
    const [counts, { agents, groups }, failures, failed] = await Promise.all([
      home.counts(scope, now),
      agentPages.overview(scope, now),
      checksPage.failuresSince(
        scope,
        entries.map((e) => e.check.key),
        now - WEEK_MS,
      ),
      conversationList.list(scope, { status: 'failed' }, { limit: FAILED_CONVERSATIONS_SHOWN }),
    ]);
    // At risk before watch, then by name.
    const attention = <T extends { health_status: string; name: string }>(rows: T[]) =>
      rows
        .filter((row) => NEEDS_ATTENTION.has(row.health_status))
        .sort(
          (a, b) =>
            Number(b.health_status === 'at_risk') - Number(a.health_status === 'at_risk') ||
            a.name.localeCompare(b.name),
        );
    const nameOf = new Map(entries.map((e) => [e.check.key, e.check]));
    return {
      time_zone: counts.time_zone,
      conversations: { today: counts.today, last_7_days: counts.last_7_days },
      attention: {
        agents: attention(agents).map((a) => ({
          id: a.id,
          name: a.name,
          health_status: a.health_status,
          reason: a.reason,
        })),
        groups: attention(groups).map((g) => ({
          id: g.id,
          name: g.name,
          health_status: g.health_status,
          reason: g.reason,
        })),
      },
      failing_checks: [...failures.entries()]
        .filter(([, count]) => count > 0)
        .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
        .slice(0, FAILING_CHECKS_SHOWN)
        .map(([key, count]) => ({
          key,
          name: nameOf.get(key)?.name ?? key,
          status: nameOf.get(key)?.status ?? null,
          failures: count,
        })),
      failed_conversations: failed.items.map((item) => ({
        id: item.id,
        external_id: item.external_id,
        ended_at: item.ended_at,
        agent: item.agent,
        dashboard_url: conversationUrl(deps.config.publicUrl, scope.environment, item.id),
      })),
    };
  });
}
