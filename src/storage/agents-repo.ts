/**
 * Agents as people manage them: placing an agent in a group (or in none), which from then on wins over the
 * `group` that conversations send, and archiving (an archived agent is no longer active for its group).
 * Each change re-evaluates the health it affects in the same transaction.
 */
import type { Kysely } from 'kysely';
import type { Environment } from '../domain/conversation.js';
import type { HealthStatus } from '../domain/health/status.js';
import { lockStates, reevaluateAgent } from './health/evaluate.js';
import type { Database } from './schema.js';
import type { Store } from './store.js';

export interface AgentScope {
  projectId: string;
  environment: Environment;
}

/** Something the caller asked for that cannot be done (unknown agent or group). */
export class AgentChangeError extends Error {}

export interface AgentListEntry {
  id: string;
  name: string;
  group: { id: string; name: string } | null;
  placed_by_kind: string | null;
  placed_by: string | null;
  placed_at: number | null;
  archived_at: number | null;
  /** The last stored health status (not_enough_calls until first measured). */
  health_status: HealthStatus;
  health_reason: string;
}

async function timeZoneOf(tx: Kysely<Database>, projectId: string): Promise<string> {
  const row = await tx
    .selectFrom('projects')
    .innerJoin('workspaces', 'workspaces.id', 'projects.workspace_id')
    .select('workspaces.timezone')
    .where('projects.id', '=', projectId)
    .executeTakeFirst();
  if (!row) throw new AgentChangeError(`No project ${projectId}.`);
  return row.timezone;
}

async function findAgent(tx: Kysely<Database>, scope: AgentScope, agentId: string) {
  const agent = await tx
    .selectFrom('agents')
    .select(['id', 'name', 'group_id', 'archived_at'])
    .where('project_id', '=', scope.projectId)
    .where('environment', '=', scope.environment)
    .where('id', '=', agentId)
    .executeTakeFirst();
  if (!agent) throw new AgentChangeError(`No agent ${agentId} in the ${scope.environment} environment.`);
  return agent;
}

export function createAgentsRepo(store: Store, clock: () => number = Date.now) {
  return {
    /**
     * Places an agent in a group, or in none (`groupId` null), as a person would from the application.
     * With `createGroup`, a group that does not exist yet is created with that name.
     */
    place(
      scope: AgentScope,
      agentId: string,
      groupId: string | null,
      options: { actor: string; createGroup?: { name: string } },
    ): Promise<{ agent_id: string; from_group: string | null; to_group: string | null; created_group: boolean }> {
      return store.write(async (tx) => {
        const now = clock();
        const agent = await findAgent(tx, scope, agentId);
        let createdGroup = false;
        if (groupId !== null) {
          const group = await tx
            .selectFrom('groups')
            .select('id')
            .where('project_id', '=', scope.projectId)
            .where('environment', '=', scope.environment)
            .where('id', '=', groupId)
            .executeTakeFirst();
          if (!group) {
            if (!options.createGroup) {
              throw new AgentChangeError(`No group ${groupId} in the ${scope.environment} environment.`);
            }
            await tx
              .insertInto('groups')
              .values({
                project_id: scope.projectId,
                environment: scope.environment,
                id: groupId,
                name: options.createGroup.name,
                created_at: now,
              })
              .execute();
            createdGroup = true;
          }
        }
        const locked = await lockStates(tx, scope, [{ kind: 'agent', id: agentId }], now);
        await tx
          .updateTable('agents')
          .set({ group_id: groupId, placed_by_kind: 'person', placed_by: options.actor, placed_at: now })
          .where('project_id', '=', scope.projectId)
          .where('environment', '=', scope.environment)
          .where('id', '=', agentId)
          .execute();
        const previous = agent.group_id !== null && agent.group_id !== groupId ? [agent.group_id] : [];
        await reevaluateAgent(tx, scope, agentId, await timeZoneOf(tx, scope.projectId), now, locked, previous);
        return { agent_id: agentId, from_group: agent.group_id, to_group: groupId, created_group: createdGroup };
      });
    },

    /** Archives an agent (no longer active for its group's health), or brings it back. */
    setArchived(
      scope: AgentScope,
      agentId: string,
      archived: boolean,
    ): Promise<{ agent_id: string; archived_at: number | null; changed: boolean }> {
      return store.write(async (tx) => {
        const now = clock();
        const agent = await findAgent(tx, scope, agentId);
        if ((agent.archived_at !== null) === archived) {
          return { agent_id: agentId, archived_at: agent.archived_at, changed: false };
        }
        const locked = await lockStates(tx, scope, [{ kind: 'agent', id: agentId }], now);
        const archivedAt = archived ? now : null;
        await tx
          .updateTable('agents')
          .set({ archived_at: archivedAt })
          .where('project_id', '=', scope.projectId)
          .where('environment', '=', scope.environment)
          .where('id', '=', agentId)
          .execute();
        await reevaluateAgent(tx, scope, agentId, await timeZoneOf(tx, scope.projectId), now, locked);
        return { agent_id: agentId, archived_at: archivedAt, changed: true };
      });
    },

    async list(scope: AgentScope, options: { groupId?: string } = {}): Promise<AgentListEntry[]> {
      const rows = await store.db
        .selectFrom('agents')
        .leftJoin('groups', (join) =>
          join
            .onRef('groups.project_id', '=', 'agents.project_id')
            .onRef('groups.environment', '=', 'agents.environment')
            .onRef('groups.id', '=', 'agents.group_id'),
        )
        .leftJoin('health_states', (join) =>
          join
            .onRef('health_states.project_id', '=', 'agents.project_id')
            .onRef('health_states.environment', '=', 'agents.environment')
            .on('health_states.subject_kind', '=', 'agent')
            .onRef('health_states.subject_id', '=', 'agents.id'),
        )
        .select([
          'agents.id',
          'agents.name',
          'agents.group_id',
          'groups.name as group_name',
          'agents.placed_by_kind',
          'agents.placed_by',
          'agents.placed_at',
          'agents.archived_at',
          'health_states.status',
          'health_states.reason',
        ])
        .where('agents.project_id', '=', scope.projectId)
        .where('agents.environment', '=', scope.environment)
        .$if(options.groupId !== undefined, (qb) => qb.where('agents.group_id', '=', options.groupId as string))
        .orderBy('agents.id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        group: row.group_id === null ? null : { id: row.group_id, name: row.group_name ?? row.group_id },
        placed_by_kind: row.placed_by_kind,
        placed_by: row.placed_by,
        placed_at: row.placed_at === null ? null : Number(row.placed_at),
        archived_at: row.archived_at === null ? null : Number(row.archived_at),
        health_status: (row.status ?? 'not_enough_calls') as HealthStatus,
        health_reason: row.reason ?? '',
      }));
    },
  };
}

export type AgentsRepo = ReturnType<typeof createAgentsRepo>;
