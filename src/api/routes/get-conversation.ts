import { z } from 'zod';
import { principalOf } from '../auth.js';
import type { AppDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import { decidedByFor, optedInto } from '../renames.js';
import { conversationResponseSchema } from '../schemas/conversation.js';
import { errorResponses } from './error-responses.js';
import type { ZodApp } from './types.js';

export const conversationParams = z.object({
  id: z.string().min(1).describe("The service's conversation id or your external_id."),
});

export function dashboardUrl(publicUrl: string, environment: string, conversationId: string): string {
  return `${publicUrl}/app/${environment}/conversations/${encodeURIComponent(conversationId)}`;
}

export function registerGetConversation(app: ZodApp, deps: AppDeps): void {
  app.get(
    '/v1/conversations/:id',
    {
      config: { access: 'read' },
      schema: {
        summary: 'Read a conversation and its results',
        tags: ['Conversations'],
        params: conversationParams,
        response: { 200: conversationResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const scope = { projectId: principal.projectId, environment: principal.environment };
      const conversation = await deps.conversations.find(scope, request.params.id);
      if (!conversation)
        throw new ApiError(
          'not_found',
          `No conversation ${request.params.id} in the ${principal.environment} environment.`,
        );
      const { id, external_id, channel, status, outcome, results, ...rest } = conversation;
      // `Service-Opt-In: second_review` reads `decided_by: llm_judge` by its planned name (docs/changelog.md).
      const renamed = optedInto(request, 'second_review');
      return {
        id,
        external_id,
        channel,
        status,
        outcome,
        dashboard_url: dashboardUrl(deps.config.publicUrl, principal.environment, id),
        ...rest,
        results: renamed
          ? results.map((result) => ({ ...result, decided_by: decidedByFor(result.decided_by, true) }))
          : results,
      };
    },
  );
}
