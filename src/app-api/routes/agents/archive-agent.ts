import { z } from 'zod';
import { ApiError } from '../../../api/errors.js';
import type { ZodApp } from '../../../api/routes/types.js';
import { ROLE_FOR } from '../../../domain/roles.js';
import { AgentChangeError } from '../../../storage/agents-repo.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { iso, projectScope } from '../../scope.js';
import { agentParams } from './get-agent.js';
import type { AgentRouteDeps } from './route-deps.js';

const body = z.object({ archived: z.boolean() }).strict();

/** Archives an agent (it no longer counts for its group) or brings it back. */
export function registerArchiveAgent(app: ZodApp, deps: AppApiDeps & AgentRouteDeps): void {
  app.post(
    '/projects/:project_id/:environment/agents/:agent_id/archive',
    { config: { appRole: ROLE_FOR.review }, schema: { params: agentParams, body } },
    async (request) => {
      const scope = await projectScope(deps, sessionOf(request).session.workspace.id, request.params);
      try {
        const changed = await deps.agents.setArchived(scope, request.params.agent_id, request.body.archived);
        return { ...changed, archived_at: iso(changed.archived_at) };
      } catch (error) {
        if (error instanceof AgentChangeError) throw new ApiError('not_found', error.message);
        throw error;
      }
    },
  );
}
