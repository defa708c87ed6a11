/** What the conversation routes share: the path, finding the conversation in the user's workspace, its summary. */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../../../api/errors.js';
import { dashboardUrl } from '../../../api/routes/get-conversation.js';
import type { Environment } from '../../../domain/conversation.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { environmentParam, type ProjectScope } from '../../scope.js';

export const conversationParams = z.object({
  environment: environmentParam,
  id: z.string().min(1).max(500),
});

/** The conversation's project when it is in the user's workspace and this environment; else 404. */
export async function locateConversation(
  deps: AppApiDeps & { review: { locate(w: string, e: Environment, id: string): Promise<string | undefined> } },
  request: FastifyRequest,
  params: { environment: Environment; id: string },
): Promise<ProjectScope> {
  const { session } = sessionOf(request);
  const projectId = await deps.review.locate(session.workspace.id, params.environment, params.id);
  if (!projectId)
    throw new ApiError('not_found', `No conversation ${params.id} in the ${params.environment} environment.`);
  return { projectId, environment: params.environment };
}

export function conversationUrl(publicUrl: string, environment: string, id: string): string {
  return dashboardUrl(publicUrl, environment, id);
}
