/** Projects and environments as a signed-in user may name them: only their own workspace's, else 404. */
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import { ENVIRONMENTS, type Environment } from '../domain/conversation.js';
import type { AppApiDeps } from './deps.js';

export const environmentParam = z.enum(ENVIRONMENTS);
export const projectParams = z.object({ project_id: z.string().min(1).max(200) });
export const projectEnvParams = projectParams.extend({ environment: environmentParam });

export interface ProjectScope {
  projectId: string;
  environment: Environment;
}

/** The project if it belongs to the workspace; another workspace's project is simply not found. */
export async function projectInWorkspace(deps: AppApiDeps, workspaceId: string, projectId: string): Promise<string> {
  const project = projectId.includes('\u0000') ? undefined : await deps.tenancy.findProject(projectId);
  if (!project || project.workspace_id !== workspaceId) throw new ApiError('not_found', `No project ${projectId}.`);
  return project.id;
}

export async function projectScope(
  deps: AppApiDeps,
  workspaceId: string,
  params: { project_id: string; environment: Environment },
): Promise<ProjectScope> {
  return { projectId: await projectInWorkspace(deps, workspaceId, params.project_id), environment: params.environment };
}

export function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(Number(ms)).toISOString();
}
