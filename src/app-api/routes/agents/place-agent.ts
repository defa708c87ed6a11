import { z } from 'zod';
import { ApiError } from '../../../api/errors.js';
import type { ZodApp } from '../../../api/routes/types.js';
import { ROLE_FOR } from '../../../domain/roles.js';
import { AgentChangeError } from '../../../storage/agents-repo.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { projectScope } from '../../scope.js';
import { agentParams } from './get-agent.js';
import type { AgentRouteDeps } from './route-deps.js';

const groupId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/, 'letters, digits, ".", "_", ":" or "-"');
const body = z
  .object({
    /** The group to move the agent into, or null for no group. */
    group_id: groupId.nullable(),
    /** Creates the group with this name when it does not exist yet. */
    new_group_name: z.string().trim().min(1).max(120).optional(),
  })
  .strict();

/**
 * Places an agent as a person: into a group (an existing one, or a new one when `new_group_name` is given) or into
 * none. From then on the `group` that conversations name is ignored for this agent.
 */
export function registerPlaceAgent(app: ZodApp, deps: AppApiDeps & AgentRouteDeps): void {
  app.post(
    '/projects/:project_id/:environment/agents/:agent_id/placement',
    { config: { appRole: ROLE_FOR.review }, schema: { params: agentParams, body } },
    async (request) => {
      const { session } = sessionOf(request);
      const scope = await projectScope(deps, session.workspace.id, request.params);
      const { group_id, new_group_name } = request.body;
      try {
        const moved = await deps.agents.place(scope, request.params.agent_id, group_id, {
          actor: `app:${session.user.id}`,
          ...(new_group_name ? { createGroup: { name: new_group_name } } : {}),
        });
        return moved;
      } catch (error) {
        if (!(error instanceof AgentChangeError)) throw error;
        if (error.message.startsWith('No group')) {
          throw new ApiError('validation_error', error.message, { group_id: [error.message] });
        }
        throw new ApiError('not_found', error.message);
      }
    },
  );
}
