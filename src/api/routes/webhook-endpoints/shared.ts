/** What the webhook endpoint routes share: scope, the URL check, not-found, and bodies that may be empty. */
import type { FastifyRequest } from 'fastify';
import { createDeliveriesRepo } from '../../../storage/webhooks/deliveries.js';
import { createEndpointsRepo, type WebhookScope } from '../../../storage/webhooks/endpoints.js';
import { checkTarget, DEFAULT_URL_POLICY } from '../../../webhooks/url-policy.js';
import { principalOf } from '../../auth.js';
import type { AppDeps } from '../../deps.js';
import { ApiError, validationError } from '../../errors.js';

export const TAG = 'Webhook endpoints';

export function scopeOf(request: FastifyRequest): WebhookScope {
  const principal = principalOf(request);
  return { projectId: principal.projectId, environment: principal.environment };
}

export function endpointNotFound(id: string, scope: WebhookScope): ApiError {
  return new ApiError('not_found', `No webhook endpoint ${id} in the ${scope.environment} environment.`);
}

/** 422 with a field message when the URL is not an allowed target (shape, https in live, SSRF guard). */
export async function assertTarget(deps: AppDeps, scope: WebhookScope, url: string): Promise<void> {
  const problem = await checkTarget(
    url,
    scope.environment,
    deps.webhooks?.policy ?? DEFAULT_URL_POLICY,
    ...(deps.webhooks?.resolve ? [deps.webhooks.resolve] : []),
  );
  if (problem) throw validationError({ url: [problem] });
}

export function repos(deps: AppDeps) {
  return {
    endpoints: createEndpointsRepo(deps.store, deps.clock),
    deliveries: createDeliveriesRepo(deps.store, deps.clock),
  };
}

/**
 * These POSTs take no body; the /v1 guard answers invalid_json for a POST without one, so an absent body
 * is made an empty object before that guard runs (a JSON body, if sent, still replaces it).
 */
export async function emptyBodyAllowed(request: FastifyRequest, _reply: unknown, payload: unknown) {
  if (request.body === undefined) request.body = {};
  return payload;
}
