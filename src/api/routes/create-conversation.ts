import type { NewConversation } from '../../storage/types.js';
import { principalOf } from '../auth.js';
import type { AppDeps } from '../deps.js';
import { ApiError, AUTHENTICATION_MESSAGE } from '../errors.js';
import { idempotencyClaim } from '../idempotency.js';
import { type ConversationRequest, conversationRequestSchema, ingestResponseSchema } from '../schemas/conversation.js';
import { errorResponses } from './error-responses.js';
import type { ZodApp } from './types.js';

export function registerCreateConversation(app: ZodApp, deps: AppDeps): void {
  app.post(
    '/v1/conversations',
    {
      config: { access: 'create_conversation', keyConfirmedInTransaction: true },
      schema: {
        summary: 'Store a finished conversation and queue it for scoring',
        tags: ['Conversations'],
        body: conversationRequestSchema,
        response: { 202: ingestResponseSchema, 200: ingestResponseSchema, ...errorResponses(400, 409, 413, 422) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const claim = idempotencyClaim(request);
      const scope = { projectId: principal.projectId, environment: principal.environment };
      const outcome = await deps.conversations.ingest(
        scope,
        toNewConversation(request.body, request.rawBody, deps.clock()),
        claim,
        principal.keyId,
      );
      if (outcome.kind === 'key_revoked') throw new ApiError('authentication_error', AUTHENTICATION_MESSAGE);
      if (outcome.kind === 'idempotency_conflict') {
        throw new ApiError(
          'idempotency_conflict',
          'This Idempotency-Key was already used with a different request body; use a new key for a new request.',
        );
      }
      deps.metrics.conversationsReceived.inc({ environment: principal.environment, result: outcome.kind });
      if (outcome.kind === 'created') deps.onConversationStored?.();
      if (outcome.kind === 'replayed') reply.header('Idempotent-Replayed', 'true');
      if (outcome.response.status === 202) reply.header('Location', `/v1/conversations/${outcome.response.body.id}`);
      return reply.code(outcome.response.status).send(outcome.response.body);
    },
  );
}

/** The validated body, plus the raw bytes kept as the conversation's document. */
function toNewConversation(body: ConversationRequest, raw: string | undefined, now: number): NewConversation {
  const endedAt = body.ended_at ?? new Date(now).toISOString();
  return {
    external_id: body.external_id,
    channel: body.channel,
    started_at: body.started_at ?? null,
    ended_at: endedAt,
    ended_at_ms: Date.parse(endedAt),
    ended_by: body.ended_by ?? null,
    agent: { id: body.agent?.id ?? 'default', name: body.agent?.name ?? null, version: body.agent?.version ?? null },
    group: body.group ? { id: body.group.id, name: body.group.name ?? null } : null,
    transcript: body.transcript,
    events: body.events ?? [],
    metadata: body.metadata ?? {},
    document: raw,
  };
}
