/** The groups routes (part 2 of the application). */
import type { ZodApp } from '../../../api/routes/types.js';
import type { AppApiDeps } from '../../deps.js';
import type { AgentRouteDeps } from '../agents/route-deps.js';
import { registerGetGroup } from './get-group.js';
import { registerListGroupHealth } from './list-group-health.js';

export function registerGroupRoutes(app: ZodApp, deps: AppApiDeps & AgentRouteDeps): void {
  registerListGroupHealth(app, deps);
  registerGetGroup(app, deps);
}
