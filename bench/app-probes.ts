/**
 * What `npm run bench:app` measures: one probe per page of the application (and the /v1 list its clients
 * page through). Each probe names the request for its n-th run, so runs spread over agents, checks and
 * conversations instead of asking one cached thing. To measure another page, add a probe here: the run,
 * the table and the goals pick it up. `summary` places a probe in the last line's figures (the worst p99
 * of its kind), `goalP99Ms` is judged for it.
 */
import { APP_AGENTS, APP_GROUPS, appAgentId, appGroupId } from './app-data.js';

export type ProbeKind = 'list' | 'filtered' | 'view' | 'agent' | 'group';

export interface Probe {
  name: string;
  /** How the request authenticates: the API key (/v1) or the signed-in session (/app/api). */
  auth: 'key' | 'session';
  path(n: number): string;
  goalP99Ms: number;
  summary?: ProbeKind;
}

export interface ProbeContext {
  projectId: string;
  environment: 'live';
  /** Conversations to open (done, with the realistic 5 KB document). */
  viewIds: readonly string[];
  /** Whether the service has the application's JSON (/app/api); without it the view is read from /v1. */
  appApi: boolean;
}

/** Checks to filter by, from common to rare failures (about 8 %, 3 % and 0.15 % of conversations). */
const FAILED_CHECKS = ['frustration', 'person_request_honored', 'ai_disclosure'] as const;
const PAGE = 50;

const agentAt = (n: number) => appAgentId((n * 37) % APP_AGENTS);
const checkAt = (n: number) => FAILED_CHECKS[n % FAILED_CHECKS.length] as string;

export function appProbes(context: ProbeContext): Probe[] {
  const { projectId, environment, viewIds } = context;
  const viewAt = (n: number) => viewIds[(n * 7919) % viewIds.length] as string;
  const appList = `/app/api/projects/${encodeURIComponent(projectId)}/${environment}/conversations?limit=${PAGE}`;
  const probes: Probe[] = [
    {
      name: 'GET /v1/conversations (first page)',
      auth: 'key',
      path: () => `/v1/conversations?limit=${PAGE}`,
      goalP99Ms: 50,
      summary: 'list',
    },
    {
      name: 'GET /v1/conversations?agent_id',
      auth: 'key',
      path: (n) => `/v1/conversations?limit=${PAGE}&agent_id=${agentAt(n)}`,
      goalP99Ms: 50,
      summary: 'filtered',
    },
    {
      name: 'GET /v1/conversations?failed_check',
      auth: 'key',
      path: (n) => `/v1/conversations?limit=${PAGE}&failed_check=${checkAt(n)}`,
      goalP99Ms: 50,
      summary: 'filtered',
    },
  ];
  if (context.appApi) {
    probes.push(
      { name: 'app: conversations (first page)', auth: 'session', path: () => appList, goalP99Ms: 50, summary: 'list' },
      {
        name: 'app: conversations by agent',
        auth: 'session',
        path: (n) => `${appList}&agent_id=${agentAt(n)}`,
        goalP99Ms: 50,
        summary: 'filtered',
      },
      {
        name: 'app: conversations by failed check',
        auth: 'session',
        path: (n) => `${appList}&failed_check=${checkAt(n)}`,
        goalP99Ms: 50,
        summary: 'filtered',
      },
      {
        name: 'app: conversation view',
        auth: 'session',
        path: (n) => `/app/api/${environment}/conversations/${viewAt(n)}`,
        goalP99Ms: 20,
        summary: 'view',
      },
      { name: 'GET /v1/conversations/{id}', auth: 'key', path: (n) => `/v1/conversations/${viewAt(n)}`, goalP99Ms: 20 },
      // An agent's page (windows, health history, 30 or 90 days of trend with release markers) and a group's
      // page (its agents' windows and status): both read the daily rollups, never the conversations.
      {
        name: 'app: agent page (30/90 days)',
        auth: 'session',
        path: (n) =>
          `/app/api/projects/${encodeURIComponent(projectId)}/${environment}/agents/${agentAt(n)}?days=${n % 2 === 0 ? 30 : 90}`,
        goalP99Ms: 20,
        summary: 'agent',
      },
      {
        name: 'app: group page',
        auth: 'session',
        path: (n) =>
          `/app/api/projects/${encodeURIComponent(projectId)}/${environment}/groups/${appGroupId(n % APP_GROUPS)}`,
        goalP99Ms: 50,
        summary: 'group',
      },
      // Reported beside them: the Checks page counts each check's results of the last 7 days (an index range per
      // check), Home adds the agents' and groups' health and the week's failures per check.
      {
        name: 'app: checks page',
        auth: 'session',
        path: () => `/app/api/projects/${encodeURIComponent(projectId)}/${environment}/checks`,
        goalP99Ms: 500,
      },
      {
        name: 'app: home',
        auth: 'session',
        path: () => `/app/api/projects/${encodeURIComponent(projectId)}/${environment}/home`,
        goalP99Ms: 500,
      },
    );
  } else {
    probes.push({
      name: 'GET /v1/conversations/{id} (view data)',
      auth: 'key',
      path: (n) => `/v1/conversations/${viewAt(n)}`,
      goalP99Ms: 20,
      summary: 'view',
    });
  }
  return probes;
}
