/**
 * Health moves with time alone: after each local midnight a sweep re-evaluates every agent and group of a
 * workspace from the rollups. A marker row per workspace and local day, inserted in the sweep's own
 * transaction, makes it run once even when several processes sweep: a second inserter waits for the first
 * to commit and then finds the row taken; if the first rolls back, the second does the work.
 */
import { ENVIRONMENTS } from '../../domain/conversation.js';
import { localDay } from '../../domain/health/days.js';
import type { Store } from '../store.js';
import { reevaluateScope } from './evaluate.js';

export interface SweepRun {
  workspace_id: string;
  day: string;
  changed: number;
}

/** Sweeps every workspace whose current local day has not been swept yet; returns what this call swept. */
export async function sweepHealth(store: Store, now: number): Promise<SweepRun[]> {
  const workspaces = await store.db.selectFrom('workspaces').select(['id', 'timezone']).execute();
  const runs: SweepRun[] = [];
  for (const workspace of workspaces) {
    const day = localDay(now, workspace.timezone);
    const done = await store.db
      .selectFrom('health_sweeps')
      .select('day')
      .where('workspace_id', '=', workspace.id)
      .where('day', '=', day)
      .executeTakeFirst();
    if (done) continue;
    const changed = await store.write(async (tx) => {
      const claimed = await tx
        .insertInto('health_sweeps')
        .values({ workspace_id: workspace.id, day, swept_at: now })
        .onConflict((oc) => oc.columns(['workspace_id', 'day']).doNothing())
        .returning('day')
        .executeTakeFirst();
      if (!claimed) return null;
      const projects = await tx.selectFrom('projects').select('id').where('workspace_id', '=', workspace.id).execute();
      let count = 0;
      for (const project of projects) {
        for (const environment of ENVIRONMENTS) {
          count += await reevaluateScope(tx, { projectId: project.id, environment }, workspace.timezone, now);
        }
      }
      return count;
    });
    if (changed !== null) runs.push({ workspace_id: workspace.id, day, changed });
  }
  return runs;
}
