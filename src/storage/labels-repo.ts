/**
 * People's labels on results (source `api` from POST /v1/conversations/{id}/feedback, `app` from the
 * application): listed by conversation and by check, and paired with the results they judge for agreement.
 * Columns another migration adds (the application's `choice` and `user_id`) are read when present.
 */
import type { Kysely } from 'kysely';
import type { Environment } from '../domain/conversation.js';
import type { Database } from './schema.js';
import type { Store } from './store.js';

export interface LabelRecord {
  id: string;
  conversation_id: string;
  check_key: string;
  verdict: string;
  choice: string | null;
  note: string | null;
  source: string;
  user_id: string | null;
  created_at: number;
}

/** A label with the current result it judges. */
export interface LabelledResult {
  conversation_id: string;
  label_verdict: string;
  label_choice: string | null;
  label_created_at: number;
  result_verdict: string;
  result_choice: string | null;
  decided_by: string | null;
  check_version: number;
}

export interface LabelListOptions {
  conversationId?: string;
  checkKey?: string;
  limit: number;
  /** Position after which the page starts: the last label of the previous page (newest first). */
  after?: { createdAt: number; id: string } | null;
}

type Row = Database['feedback_labels'] & { choice?: string | null; user_id?: string | null };

function recordOf(row: Row): LabelRecord {
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    check_key: row.check_key,
    verdict: row.verdict,
    choice: row.choice ?? null,
    note: row.note,
    source: row.source,
    user_id: row.user_id ?? null,
    created_at: Number(row.created_at),
  };
}

export function createLabelsRepo(store: Store) {
  const { db } = store;
  return {
    /** Labels newest first, one page (plus one row to tell whether another page follows). */
    async list(
      scope: { projectId: string; environment: Environment },
      options: LabelListOptions,
    ): Promise<LabelRecord[]> {
      const rows = await db
        .selectFrom('feedback_labels')
        .selectAll()
        .where('project_id', '=', scope.projectId)
        .where('environment', '=', scope.environment)
        .$if(options.conversationId !== undefined, (qb) =>
          qb.where('conversation_id', '=', options.conversationId as string),
        )
        .$if(options.checkKey !== undefined, (qb) => qb.where('check_key', '=', options.checkKey as string))
        .$if(options.after != null, (qb) => {
          const after = options.after as { createdAt: number; id: string };
          return qb.where((eb) =>
            eb.or([
              eb('created_at', '<', after.createdAt),
              eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
            ]),
          );
        })
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(options.limit + 1)
        .execute();
      return (rows as Row[]).map(recordOf);
    },

    /**
     * A check's labelled results, the newest label of each result only (a person correcting themselves), newest
     * first; each with the result as it stands now. Labels on results that no longer exist are left out.
     */
    async labelledResults(
      projectId: string,
      environments: readonly Environment[],
      checkKey: string,
      period: { since?: number | undefined; until?: number | undefined } = {},
      /** A transaction to read in (a status change's); the store otherwise. */
      ex: Kysely<Database> = db,
    ): Promise<LabelledResult[]> {
      const rows = await ex
        .selectFrom('feedback_labels')
        .innerJoin('check_results', (join) =>
          join
            .onRef('check_results.conversation_id', '=', 'feedback_labels.conversation_id')
            .onRef('check_results.check_key', '=', 'feedback_labels.check_key')
            .onRef('check_results.project_id', '=', 'feedback_labels.project_id')
            .onRef('check_results.environment', '=', 'feedback_labels.environment'),
        )
        .selectAll('feedback_labels')
        .select([
          'check_results.verdict as result_verdict',
          'check_results.choice as result_choice',
          'check_results.decided_by as decided_by',
          'check_results.check_version as check_version',
        ])
        .where('feedback_labels.project_id', '=', projectId)
        .where('feedback_labels.environment', 'in', environments)
        .where('feedback_labels.check_key', '=', checkKey)
        .$if(period.since !== undefined, (qb) => qb.where('feedback_labels.created_at', '>=', period.since as number))
        .$if(period.until !== undefined, (qb) => qb.where('feedback_labels.created_at', '<', period.until as number))
        .orderBy('feedback_labels.created_at', 'desc')
        .orderBy('feedback_labels.id', 'desc')
        .execute();
      const seen = new Set<string>();
      const out: LabelledResult[] = [];
      for (const row of rows as Array<
        Row & { result_verdict: string; result_choice: string | null; decided_by: string | null; check_version: number }
      >) {
        const id = `${row.environment}\u0000${row.conversation_id}`;
        if (seen.has(id)) continue;
        seen.add(id);
        out.push({
          conversation_id: row.conversation_id,
          label_verdict: row.verdict,
          label_choice: row.choice ?? null,
          label_created_at: Number(row.created_at),
          result_verdict: row.result_verdict,
          result_choice: row.result_choice,
          decided_by: row.decided_by,
          check_version: Number(row.check_version),
        });
      }
      return out;
    },
  };
}

export type LabelsRepo = ReturnType<typeof createLabelsRepo>;
