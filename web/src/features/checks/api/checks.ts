/** Paths and cache keys of the Checks requests. */
import type { Env } from '../../../lib/environment';

const project = (projectId: string) => `/projects/${encodeURIComponent(projectId)}`;
export const checksPath = (projectId: string, env: Env) => `${project(projectId)}/${env}/checks`;
export const checkPath = (projectId: string, env: Env, key: string) =>
  `${checksPath(projectId, env)}/${encodeURIComponent(key)}`;
export const checkEditPath = (projectId: string, key: string) =>
  `${project(projectId)}/checks/${encodeURIComponent(key)}`;
export const checkCreatePath = (projectId: string) => `${project(projectId)}/checks`;
export const checksKey = (projectId: string) => ['checks-page', projectId] as const;
