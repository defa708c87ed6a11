/**
 * Home's figures for one environment: scored conversations today and over the last 7 days (local days of the
 * workspace time zone, by `ended_at`, as health counts them), read from the daily rollups.
 */
import { sql } from 'kysely';
import { windowDays } from '../domain/health/days.js';
import type { Store } from './store.js';
import type { Scope } from './types.js';

export interface HomeCounts {
  today: number;
  last_7_days: number;
  time_zone: string;
}

export function createHomeReads(store: Store) {
  const { db } = store;
  return {
    async counts(scope: Scope, now: number): Promise<HomeCounts> {
      const zone = await db
        .selectFrom('projects')
        .innerJoin('workspaces', 'workspaces.id', 'projects.workspace_id')
        .select('workspaces.timezone')
        .where('projects.id', '=', scope.projectId)
        .executeTakeFirst();
      const timeZone = zone?.timezone ?? 'UTC';
      const days = windowDays(now, timeZone);
      const row = await db
        .selectFrom('health_daily')
        .select([
          sql<number>`coalesce(sum(conversations), 0)`.as('week'),
          sql<number>`coalesce(sum(case when day = ${days.today} then conversations else 0 end), 0)`.as('today'),
        ])
        .where('project_id', '=', scope.projectId)
        .where('environment', '=', scope.environment)
        .where('day', '>=', days.from7)
        .where('day', '<=', days.today)
        .executeTakeFirst();
      return { today: Number(row?.today ?? 0), last_7_days: Number(row?.week ?? 0), time_zone: timeZone };
    },
  };
}

export type HomeReads = ReturnType<typeof createHomeReads>;
