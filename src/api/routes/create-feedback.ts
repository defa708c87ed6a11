import { principalOf } from '../auth.js';
import type { AppDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import { feedbackLabelSchema, feedbackRequestSchema } from '../schemas/conversation.js';
import { errorResponses } from './error-responses.js';
import { conversationParams } from './get-conversation.js';
import type { ZodApp } from './types.js';

/** Each call adds a label (Idempotency-Key is accepted but not honoured here, as the specification says). */
export function registerCreateFeedback(app: ZodApp, deps: AppDeps): void {
  app.post(
    '/v1/conversations/:id/feedback',
    {
      config: { access: 'write' },
      schema: {
        summary: "Record your team's pass/fail answer for one check result",
        tags: ['Conversations'],
        params: conversationParams,
        body: feedbackRequestSchema,
        response: { 201: feedbackLabelSchema, ...errorResponses(400, 404, 413, 422) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const scope = { projectId: principal.projectId, environment: principal.environment };
      const { check_key, verdict, note } = request.body;
      const label = await deps.conversations.addFeedback(scope, request.params.id, {
        check_key,
        verdict,
        note: note ?? null,
      });
      if (label === 'conversation_not_found') {
        throw new ApiError(
          'not_found',
          `No conversation ${request.params.id} in the ${principal.environment} environment.`,
        );
      }
      if (label === 'result_not_found') throw new ApiError('not_found', `no result for check ${check_key}`);
      return reply.code(201).send({ ...label, created_at: new Date(label.created_at).toISOString() });
    },
  );
}
