/** What the Developers area's webhook routes share: the endpoint's path, repos, and the target check of /v1. */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../../../api/errors.js';
import { EVENT_TYPES } from '../../../domain/webhook-events.js';
import { createDeliveriesRepo } from '../../../storage/webhooks/deliveries.js';
import { createEndpointsRepo } from '../../../storage/webhooks/endpoints.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { type ProjectScope, projectEnvParams, projectScope } from '../../scope.js';

export const endpointParams = projectEnvParams.extend({ endpoint_id: z.string().min(1).max(100) });

export const eventTypes = z
  .array(z.enum(EVENT_TYPES, { message: `must be one of ${EVENT_TYPES.join(', ')}` }))
  .max(EVENT_TYPES.length * 2)
  .nullable();

export function webhookRepos(deps: AppApiDeps) {
  return {
    endpoints: createEndpointsRepo(deps.store, deps.clock),
    deliveries: createDeliveriesRepo(deps.store, deps.clock),
  };
}

export async function webhookScope(
  deps: AppApiDeps,
  request: FastifyRequest,
  params: { project_id: string; environment: 'test' | 'live' },
): Promise<ProjectScope> {
  return projectScope(deps, sessionOf(request).session.workspace.id, params);
}

export function endpointNotFound(id: string): ApiError {
  return new ApiError('not_found', `No webhook endpoint ${id}.`);
}

/** An empty list means every type, as in /v1. */
export function eventsInput<T extends string>(types: readonly T[] | null | undefined): T[] | null | undefined {
  return types === undefined ? undefined : types === null || types.length === 0 ? null : [...new Set(types)];
}
