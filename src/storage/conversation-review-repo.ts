/**
 * What the application's conversation view adds to a conversation: where it lives (found by id within a
 * workspace), its labels with who gave them, its scoring job's state, and the checks' categories; and labels
 * given by people in the application (source `app`).
 */
import type { Environment } from '../domain/conversation.js';
import { newId } from '../domain/ids.js';
import { scoringJobIdFor } from './conversation-ingest.js';
import type { Store } from './store.js';

export interface LabelView {
  id: string;
  check_key: string;
  verdict: 'pass' | 'fail' | null;
  choice: string | null;
  note: string | null;
  source: 'api' | 'app';
  user: { id: string; name: string } | null;
  created_at: number;
}

export interface NewAppLabel {
  checkKey: string;
  verdict: 'pass' | 'fail';
  choice: string | null;
  note: string | null;
  user: { id: string; name: string };
}

export function createConversationReviewRepo(store: Store, clock: () => number = Date.now) {
  const { db } = store;

  return {
    /** The project of a conversation of this workspace and environment, or undefined. */
    async locate(workspaceId: string, environment: Environment, conversationId: string): Promise<string | undefined> {
      if (conversationId.includes('\u0000')) return undefined;
      const row = await db
        .selectFrom('conversations as c')
        .innerJoin('projects as p', 'p.id', 'c.project_id')
        .select('c.project_id')
        .where('c.id', '=', conversationId)
        .where('c.environment', '=', environment)
        .where('p.workspace_id', '=', workspaceId)
        .executeTakeFirst();
      return row?.project_id;
    },

    async labels(scope: { projectId: string; environment: Environment }, conversationId: string): Promise<LabelView[]> {
      const rows = await db
        .selectFrom('feedback_labels as l')
        .leftJoin('users as u', 'u.id', 'l.user_id')
        .select([
          'l.id',
          'l.check_key',
          'l.verdict',
          'l.choice',
          'l.note',
          'l.source',
          'l.created_at',
          'l.user_id',
          'u.name as user_name',
        ])
        .where('l.conversation_id', '=', conversationId)
        .where('l.project_id', '=', scope.projectId)
        .where('l.environment', '=', scope.environment)
        .orderBy('l.created_at')
        .orderBy('l.id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        check_key: row.check_key,
        verdict: row.verdict === 'pass' || row.verdict === 'fail' ? row.verdict : null,
        choice: row.choice,
        note: row.note,
        source: row.source === 'app' ? 'app' : 'api',
        user: row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? 'Removed user' },
        created_at: Number(row.created_at),
      }));
    },

    /** The scoring job's attempts and last error, when there is a job. */
    async job(conversationId: string): Promise<{ attempts: number; last_error: string | null } | undefined> {
      const row = await db
        .selectFrom('jobs')
        .select(['attempts', 'last_error'])
        .where('id', '=', scoringJobIdFor(conversationId))
        .executeTakeFirst();
      return row ? { attempts: Number(row.attempts), last_error: row.last_error } : undefined;
    },

    /** Each result's check category and severity as scored, by check key. */
    async resultCategories(
      scope: { projectId: string; environment: Environment },
      conversationId: string,
    ): Promise<Map<string, { category: string | null; severity: string | null; choice: string | null }>> {
      const rows = await db
        .selectFrom('check_results')
        .select(['check_key', 'check_category', 'check_severity', 'choice'])
        .where('conversation_id', '=', conversationId)
        .where('project_id', '=', scope.projectId)
        .where('environment', '=', scope.environment)
        .execute();
      return new Map(
        rows.map((r) => [r.check_key, { category: r.check_category, severity: r.check_severity, choice: r.choice }]),
      );
    },

    /** Stores a label given in the application. The caller checked the conversation and its result. */
    async addAppLabel(
      scope: { projectId: string; environment: Environment },
      conversationId: string,
      label: NewAppLabel,
    ): Promise<LabelView> {
      const now = clock();
      const id = newId('lbl', now);
      await db
        .insertInto('feedback_labels')
        .values({
          id,
          project_id: scope.projectId,
          environment: scope.environment,
          conversation_id: conversationId,
          check_key: label.checkKey,
          verdict: label.verdict,
          choice: label.choice,
          note: label.note,
          source: 'app',
          user_id: label.user.id,
          created_at: now,
        })
        .execute();
      return {
        id,
        check_key: label.checkKey,
        verdict: label.verdict,
        choice: label.choice,
        note: label.note,
        source: 'app',
        user: label.user,
        created_at: now,
      };
    },
  };
}

export type ConversationReviewRepo = ReturnType<typeof createConversationReviewRepo>;
