/**
 * Code-based routes under /app/. The environment is the first segment of every data URL
 * (/app/test/conversations, /app/live/conversations/{id}: what dashboard_url opens), so the two never mix.
 */
import { createRootRoute, createRoute, createRouter, Navigate, Outlet } from '@tanstack/react-router';
import { AgentRoutePage } from './routes/agent';
import { AgentsPage } from './routes/agents';
import { CheckRoutePage } from './routes/check';
import { NewCheckPage } from './routes/check-new';
import { ChecksPage } from './routes/checks';
import { ConversationPage } from './routes/conversation';
import { ConversationsPage, validateListSearch } from './routes/conversations';
import { DevelopersPage } from './routes/developers';
import { GroupRoutePage } from './routes/group';
import { GroupsPage } from './routes/groups';
import { HomePage } from './routes/home';
import { InvitePage } from './routes/invite';
import { NotFoundPage } from './routes/not-found';
import { SettingsPage } from './routes/settings';
import { Shell } from './routes/shell';
import { SignInPage } from './routes/sign-in';

const rootRoute = createRootRoute({ component: Outlet, notFoundComponent: NotFoundPage });

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: () => <Navigate to="/$env/conversations" params={{ env: 'test' }} replace />,
});

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch: (search: Record<string, unknown>): { next?: string } =>
    typeof search.next === 'string' ? { next: search.next } : {},
  component: SignInPage,
});

const inviteRoute = createRoute({ getParentRoute: () => rootRoute, path: '/invite/$token', component: InvitePage });

const envRoute = createRoute({ getParentRoute: () => rootRoute, path: '/$env', component: Shell });

const envIndexRoute = createRoute({
  getParentRoute: () => envRoute,
  path: '/',
  component: () => <Navigate to="/$env/conversations" params={(prev) => ({ env: prev.env ?? 'test' })} replace />,
});

const conversationsRoute = createRoute({
  getParentRoute: () => envRoute,
  path: '/conversations',
  validateSearch: validateListSearch,
  component: ConversationsPage,
});

const conversationRoute = createRoute({
  getParentRoute: () => envRoute,
  path: '/conversations/$id',
  component: ConversationPage,
});

const developersRoute = createRoute({ getParentRoute: () => envRoute, path: '/developers', component: DevelopersPage });
const settingsRoute = createRoute({ getParentRoute: () => envRoute, path: '/settings', component: SettingsPage });
// Part 2: Home, the Checks page and a check's page, agents and groups with their health.
const homeRoute = createRoute({ getParentRoute: () => envRoute, path: '/home', component: HomePage });
const checksRoute = createRoute({ getParentRoute: () => envRoute, path: '/checks', component: ChecksPage });
const newCheckRoute = createRoute({ getParentRoute: () => envRoute, path: '/checks/new', component: NewCheckPage });
const checkRoute = createRoute({ getParentRoute: () => envRoute, path: '/checks/$key', component: CheckRoutePage });
const agentsRoute = createRoute({ getParentRoute: () => envRoute, path: '/agents', component: AgentsPage });
const agentRoute = createRoute({ getParentRoute: () => envRoute, path: '/agents/$agentId', component: AgentRoutePage });
const groupsRoute = createRoute({ getParentRoute: () => envRoute, path: '/groups', component: GroupsPage });
const groupRoute = createRoute({ getParentRoute: () => envRoute, path: '/groups/$groupId', component: GroupRoutePage });

const routeTree = rootRoute.addChildren([
  indexRoute,
  signInRoute,
  inviteRoute,
  envRoute.addChildren([
    envIndexRoute,
    conversationsRoute,
    conversationRoute,
    developersRoute,
    settingsRoute,
    homeRoute,
    checksRoute,
    newCheckRoute,
    checkRoute,
    agentsRoute,
    agentRoute,
    groupsRoute,
    groupRoute,
  ]),
]);

export function createAppRouter() {
  return createRouter({ routeTree, basepath: '/app', defaultPreload: false, scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
