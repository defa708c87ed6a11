/** The groups of a project environment, by name, for the application's filters. */
import type { Environment } from '../domain/conversation.js';
import type { Store } from './store.js';

export async function listGroups(
  store: Store,
  scope: { projectId: string; environment: Environment },
): Promise<{ id: string; name: string }[]> {
  return store.db
    .selectFrom('groups')
    .select(['id', 'name'])
    .where('project_id', '=', scope.projectId)
    .where('environment', '=', scope.environment)
    .orderBy('name')
    .orderBy('id')
    .execute();
}
