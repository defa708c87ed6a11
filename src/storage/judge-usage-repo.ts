/**
 * What the judge costs: the day's calls per project (the daily cap, counted in the database so that every
 * worker process shares it) and the cache of answers, so a re-run does not pay twice.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
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
    /**
     * Adds a conversation's calls to today's count, in the transaction that writes its results (one write per
     * conversation rather than per call; the reviewer counts calls in flight itself until then).
     */
    async recordCalls(tx: Kysely<Database>, projectId: string, calls: number, now: number): Promise<void> {
      if (calls <= 0) return;
      await tx
        .insertInto('judge_usage')
        .values({ project_id: projectId, day: utcDay(now), calls, capped_at: null })
        .onConflict((oc) =>
          oc.columns(['project_id', 'day']).doUpdateSet((eb) => ({ calls: eb('judge_usage.calls', '+', calls) })),
        )
        .execute();
    },

    /** Notes that a call was refused for the cap today (once a day: later refusals change nothing). */
    async markCapped(projectId: string): Promise<void> {
      await store.write(async (tx) => {
        const now = clock();
        const day = utcDay(now);
        await tx
          .insertInto('judge_usage')
          .values({ project_id: projectId, day, calls: 0, capped_at: now })
          .onConflict((oc) => oc.columns(['project_id', 'day']).doNothing())
          .execute();
        await tx
          .updateTable('judge_usage')
          .set({ capped_at: now })
          .where('project_id', '=', projectId)
          .where('day', '=', day)
          .where('capped_at', 'is', null)
          .execute();
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

    /** Keeps an answer, in the transaction that writes the results it made. */
    async rememberIn(
      tx: Kysely<Database>,
      projectId: string,
      cacheKey: string,
      answer: string,
      now: number,
    ): Promise<void> {
      await tx
        .insertInto('judge_cache')
        .values({ project_id: projectId, cache_key: cacheKey, answer, created_at: now })
        .onConflict((oc) => oc.columns(['project_id', 'cache_key']).doNothing())
        .execute();
    },
  };
}

export type JudgeUsageRepo = ReturnType<typeof createJudgeUsageRepo>;
