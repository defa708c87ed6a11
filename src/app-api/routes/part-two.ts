/**
 * The routes of the application's part 2: the Checks page, agents and groups with health, trends and placement,
 * and Home. One call for routes/index.ts to make.
 */
import type { ZodApp } from '../../api/routes/types.js';
import type { AppApiDeps } from '../deps.js';
import { agentRouteDeps, registerAgentRoutes } from './agents/register.js';
import { registerCheckRoutes } from './checks/register.js';
import { registerGroupRoutes } from './groups/register.js';
import { registerHome } from './home.js';

export function registerPartTwoRoutes(app: ZodApp, deps: AppApiDeps): void {
  registerCheckRoutes(app, deps);
  const agents = agentRouteDeps(deps);
  registerAgentRoutes(app, agents);
  registerGroupRoutes(app, agents);
  registerHome(app, deps);
}
