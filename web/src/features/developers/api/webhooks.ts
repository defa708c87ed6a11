/** Paths and cache keys of an environment's webhook endpoints in a project. */
import type { Env } from '../../../lib/environment';

export const webhooksPath = (projectId: string, env: Env) =>
  `/projects/${encodeURIComponent(projectId)}/${env}/webhooks`;
export const endpointPath = (projectId: string, env: Env, id: string) =>
  `${webhooksPath(projectId, env)}/${encodeURIComponent(id)}`;
export const webhooksKey = (projectId: string, env: Env) => ['webhooks', projectId, env] as const;
export const deliveriesKey = (projectId: string, env: Env, id: string) =>
  ['webhooks', projectId, env, id, 'deliveries'] as const;
