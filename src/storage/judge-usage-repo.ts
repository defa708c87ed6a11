/**
 * What the judge costs: the day's calls per project (the daily cap, counted in the database so that every
 * worker process shares it) and the cache of answers, so a re-run does not pay twice.
 */
import type { Store } from './store.js';

/** The UTC day of an instant, as the cap counts it. */
export function utcDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

export interface JudgeUsage {
  day: string;
  calls: number;
  cappedAt: number | null;
}

export function createJudgeUsageRepo(store: Store, clock: () => number = Date.now) {
  return {
    /** Counts one call against today's cap; false (and the day marked capped) when the cap is reached. */
    reserveCall(projectId: string, cap: number | null): Promise<boolean> {
      return store.write(async (tx) => {
        const now = clock();
        const day = utcDay(now);
        await tx
          .insertInto('judge_usage')
          .values({ project_id: projectId, day, calls: 0, capped_at: null })
          .onConflict((oc) => oc.columns(['project_id', 'day']).doNothing())
          .execute();
        const counted = await tx
          .updateTable('judge_usage')
          .set((eb) => ({ calls: eb('calls', '+', 1) }))
          .where('project_id', '=', projectId)
          .where('day', '=', day)
          .$if(cap !== null, (qb) => qb.where('calls', '<', cap as number))
          .executeTakeFirst();
        if (counted.numUpdatedRows > 0n) return true;
        await tx
          .updateTable('judge_usage')
          .set({ capped_at: now })
          .where('project_id', '=', projectId)
          .where('day', '=', day)
          .where('capped_at', 'is', null)
          .execute();
        return false;
      });
    },

    async today(projectId: string): Promise<JudgeUsage> {
      const day = utcDay(clock());
      const row = await store.db
        .selectFrom('judge_usage')
        .select(['calls', 'capped_at'])
        .where('project_id', '=', projectId)
        .where('day', '=', day)
        .executeTakeFirst();
      return { day, calls: row?.calls ?? 0, cappedAt: row?.capped_at == null ? null : Number(row.capped_at) };
    },

    /** Today's usage of every project that called the judge today (for /metrics). */
    async allToday(): Promise<Array<{ projectId: string } & JudgeUsage>> {
      const day = utcDay(clock());
      const rows = await store.db
        .selectFrom('judge_usage')
        .select(['project_id', 'calls', 'capped_at'])
        .where('day', '=', day)
        .execute();
      return rows.map((row) => ({
        projectId: row.project_id,
        day,
        calls: row.calls,
        cappedAt: row.capped_at == null ? null : Number(row.capped_at),
      }));
    },

    async cached(projectId: string, cacheKey: string): Promise<string | null> {
      const row = await store.db
        .selectFrom('judge_cache')
        .select('answer')
        .where('project_id', '=', projectId)
        .where('cache_key', '=', cacheKey)
        .executeTakeFirst();
      return row?.answer ?? null;
    },

    async remember(projectId: string, cacheKey: string, answer: string): Promise<void> {
      await store.write(async (tx) => {
        await tx
          .insertInto('judge_cache')
          .values({ project_id: projectId, cache_key: cacheKey, answer, created_at: clock() })
          .onConflict((oc) => oc.columns(['project_id', 'cache_key']).doNothing())
          .execute();
      });
    },
  };
}

export type JudgeUsageRepo = ReturnType<typeof createJudgeUsageRepo>;
