/** Path of an environment's keys in a project. */
import type { Env } from '../../../lib/environment';

export const keysPath = (projectId: string, env: Env) => `/projects/${encodeURIComponent(projectId)}/${env}/keys`;
export const keysKey = (projectId: string, env: Env) => ['keys', projectId, env] as const;
