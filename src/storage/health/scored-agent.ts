/**
 * Health after scoring: every scored conversation locks its agent's state and re-evaluates the agent, so the
 * statements of that common case are compiled once per store. What follows a change (recording it, the
 * group) is the same code every other writer of health runs.
 */
import type { Kysely } from 'kysely';
import { type WindowDays, windowDays } from '../../domain/health/days.js';
import { type HealthStatus, INITIAL_STATUS } from '../../domain/health/status.js';
import { prepareQuery } from '../prepared.js';
import type { Database } from '../schema.js';
import type { Store } from '../store.js';
import { type LockedStates, recordAgentOnly, stateKey } from './evaluate.js';
import { type HealthScope, prepareAgentInputsReader } from './reads.js';

export function createScoredAgentHealth(store: Store) {
  const { db } = store;
  // The same upsert as lockStates for one agent: on PostgreSQL its no-op update holds the row until commit.
  const lockAgent = prepareQuery<{ status: string; reason: string; transitions: number }>(store, (p) =>
    db
      .insertInto('health_states')
      .values({
        project_id: p('project_id'),
        environment: p('environment'),
        subject_kind: 'agent',
        subject_id: p('agent_id'),
        status: INITIAL_STATUS,
        reason: '',
        transitions: 0,
        updated_at: p('now'),
      })
      .onConflict((oc) =>
        oc
          .columns(['project_id', 'environment', 'subject_kind', 'subject_id'])
          .doUpdateSet((eb) => ({ updated_at: eb.ref('health_states.updated_at') })),
      )
      .returning(['status', 'reason', 'transitions']),
  );
  const groupOf = prepareQuery<{ group_id: string | null }>(store, (p) =>
    db
      .selectFrom('agents')
      .select('group_id')
      .where('project_id', '=', p('project_id'))
      .where('environment', '=', p('environment'))
      .where('id', '=', p('agent_id')),
  );
  const readInputs = prepareAgentInputsReader(store);

  return {
    /**
     * Locks the agent's state row (creating it when the agent was never measured); see lockStates. A batch
     * locks its agents into one map, in id order.
     */
    async lock(
      tx: Kysely<Database>,
      scope: HealthScope,
      agentId: string,
      now: number,
      into: LockedStates = new Map(),
    ): Promise<LockedStates> {
      const [row] = await lockAgent.execute(tx, {
        project_id: scope.projectId,
        environment: scope.environment,
        agent_id: agentId,
        now,
      });
      if (!row) throw new Error(`health state of agent ${agentId} could not be locked`);
      into.set(stateKey('agent', agentId), {
        status: row.status as HealthStatus,
        reason: row.reason,
        transitions: Number(row.transitions),
      });
      return into;
    },

    /**
     * Re-evaluates the agent after `justScored` of its conversations were written, without its group: returns
     * the group to re-evaluate (null when it cannot have moved) and the windows used. The agent must be locked.
     */
    async reevaluateAgentOnly(
      tx: Kysely<Database>,
      scope: HealthScope,
      agentId: string,
      timeZone: string,
      now: number,
      locked: LockedStates,
      justScored: number,
    ): Promise<{ groupId: string | null; days: WindowDays }> {
      const key = { project_id: scope.projectId, environment: scope.environment, agent_id: agentId };
      const days = windowDays(now, timeZone);
      const [[agent], inputs] = await Promise.all([groupOf.execute(tx, key), readInputs(tx, scope, days, agentId)]);
      const groupId = await recordAgentOnly(
        tx,
        scope,
        { agentId, groupId: agent?.group_id ?? null, inputs, days, now, locked },
        justScored,
      );
      return { groupId, days };
    },
  };
}
