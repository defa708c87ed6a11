import type { ZodApp } from '../../../api/routes/types.js';
import { createAgentsRepo } from '../../../storage/agents-repo.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { projectEnvParams, projectScope } from '../../scope.js';

/** The agents of a project environment with their group, for the conversation list's filter. */
export function registerListAgents(app: ZodApp, deps: AppApiDeps): void {
  const agents = createAgentsRepo(deps.store, deps.clock);
  app.get('/projects/:project_id/:environment/agents', { schema: { params: projectEnvParams } }, async (request) => {
    const scope = await projectScope(deps, sessionOf(request).session.workspace.id, request.params);
    const rows = await agents.list(scope);
    return { data: rows.map((agent) => ({ id: agent.id, name: agent.name, group: agent.group })) };
  });
}
