/**
 * What the Checks page reads beyond the catalogue: each check's results over recent days (how many
 * conversations it scored, how many failed), a check's verdicts and scores, and the latest conversations of an
 * environment to try a draft rule on. Counts come from the (project, environment, check, created_at, verdict,
 * score) index alone (migration 010), one range per check, so they cost what the window holds, never the
 * whole store. "Scored in the last 7 days" is by scoring time: a re-score counts again where it lands.
 */
import { sql } from 'kysely';
import type { Channel, EndedBy, ScorableConversation, Turn } from '../domain/conversation.js';
import type { Store } from './store.js';
import type { Scope } from './types.js';

export interface CheckActivity {
  scored: number;
  failed: number;
  /** failed / scored, null when nothing was scored. */
  failure_rate: number | null;
}

export interface CheckDistribution {
  /** How many results these are: every one since the date asked, or the latest DISTRIBUTION_SAMPLE of them. */
  scored: number;
  verdicts: Record<string, number>;
  /** Scores in ten buckets of 0.1 (the last holds 1.0); results without a score are not in it. */
  scores: number[];
}

/** A recent conversation as the "try it" preview scores it. */
export interface PreviewConversation {
  id: string;
  external_id: string;
  ended_at: string;
  conversation: ScorableConversation;
}

const DAY_MS = 86_400_000;
export const ACTIVITY_DAYS = 7;
export const PREVIEW_SIZE = 50;
/** A check's page shows the verdicts and scores of at most this many of its latest results. */
export const DISTRIBUTION_SAMPLE = 10_000;

function rate(failed: number, scored: number): number | null {
  return scored === 0 ? null : Math.round((failed / scored) * 10_000) / 10_000;
}

export function createChecksPageReads(store: Store) {
  const { db } = store;

  /** Scored and failed per check since `since` (epoch ms), one index range per key. */
  async function activity(scope: Scope, keys: readonly string[], since: number): Promise<Map<string, CheckActivity>> {
    const rows = await Promise.all(
      keys.map((key) =>
        db
          .selectFrom('check_results')
          .select([
            sql<number>`count(*)`.as('scored'),
            sql<number>`coalesce(sum(case when verdict = 'fail' then 1 else 0 end), 0)`.as('failed'),
          ])
          .where('project_id', '=', scope.projectId)
          .where('environment', '=', scope.environment)
          .where('check_key', '=', key)
          .where('created_at', '>=', since)
          .executeTakeFirst(),
      ),
    );
    const byKey = new Map<string, CheckActivity>();
    keys.forEach((key, i) => {
      const scored = Number(rows[i]?.scored ?? 0);
      const failed = Number(rows[i]?.failed ?? 0);
      byKey.set(key, { scored, failed, failure_rate: rate(failed, scored) });
    });
    return byKey;
  }

  return {
    /** Each check's last 7 days (24-hour periods back from `now`). */
    lastWeek(scope: Scope, keys: readonly string[], now: number) {
      return activity(scope, keys, now - ACTIVITY_DAYS * DAY_MS);
    },

    /**
     * Failures per check of conversations that ended since `since`: the failing results' own partial index
     * (migration 008) holds only failures, so this costs what failed, not what was scored.
     */
    async failuresSince(scope: Scope, keys: readonly string[], since: number): Promise<Map<string, number>> {
      const rows = await Promise.all(
        keys.map((key) =>
          db
            .selectFrom('check_results')
            .select(sql<number>`count(*)`.as('n'))
            .where('project_id', '=', scope.projectId)
            .where('environment', '=', scope.environment)
            .where('check_key', '=', key)
            .where('verdict', '=', 'fail')
            .where('ended_at_ms', '>=', since)
            .executeTakeFirst(),
        ),
      );
      return new Map(keys.map((key, i) => [key, Number(rows[i]?.n ?? 0)]));
    },

    /**
     * One check's verdicts and scores over its latest results since `since`, at most `limit` of them: read newest
     * first from the index alone, so a busy check costs `limit` entries, not a month of results.
     */
    async distribution(
      scope: Scope,
      key: string,
      since: number,
      limit = DISTRIBUTION_SAMPLE,
    ): Promise<CheckDistribution> {
      const rows = await db
        .selectFrom('check_results')
        .select(['verdict', 'score'])
        .where('project_id', '=', scope.projectId)
        .where('environment', '=', scope.environment)
        .where('check_key', '=', key)
        .where('created_at', '>=', since)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
      const distribution: CheckDistribution = { verdicts: {}, scores: Array(10).fill(0), scored: rows.length };
      for (const row of rows) {
        distribution.verdicts[row.verdict] = (distribution.verdicts[row.verdict] ?? 0) + 1;
        if (row.score === null) continue;
        const bucket = Math.min(9, Math.max(0, Math.floor(Number(row.score) * 10)));
        distribution.scores[bucket] = (distribution.scores[bucket] ?? 0) + 1;
      }
      return distribution;
    },

    /**
     * The environment's latest conversations (by `ended_at`, the list's order and index) with what scoring
     * reads of them, for scoring a draft rule without storing anything.
     */
    async recentForPreview(scope: Scope, limit = PREVIEW_SIZE): Promise<PreviewConversation[]> {
      const rows = await db
        .selectFrom('conversations')
        .innerJoin('conversation_documents', 'conversation_documents.conversation_id', 'conversations.id')
        .select([
          'conversations.id',
          'conversations.external_id',
          'conversations.ended_at',
          'conversations.channel',
          'conversations.ended_by',
          'conversations.agent_id',
          'conversations.group_id',
          'conversation_documents.document',
        ])
        .where('conversations.project_id', '=', scope.projectId)
        .where('conversations.environment', '=', scope.environment)
        .orderBy('conversations.ended_at_ms', 'desc')
        .orderBy('conversations.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => {
        const parsed = JSON.parse(row.document) as {
          transcript?: Turn[];
          events?: ScorableConversation['events'];
          metadata?: Record<string, unknown>;
        };
        return {
          id: row.id,
          external_id: row.external_id,
          ended_at: row.ended_at,
          conversation: {
            channel: row.channel as Channel,
            ended_by: row.ended_by as EndedBy | null,
            agent_id: row.agent_id,
            group_id: row.group_id,
            // As validated when received; turns keep asr_confidence, which custom rules read.
            transcript: parsed.transcript ?? [],
            events: parsed.events ?? [],
            metadata: parsed.metadata ?? {},
          },
        };
      });
    },
  };
}

export type ChecksPageReads = ReturnType<typeof createChecksPageReads>;
