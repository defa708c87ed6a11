/** Conversations: the durable ingest unit, lookups by either id, results and labels. */
import type { Kysely } from 'kysely';
import type { CheckResult } from '../domain/checks.js';
import type { Channel, EndedBy, Outcome, ScorableConversation, ScoringStatus, Turn } from '../domain/conversation.js';
import { newId } from '../domain/ids.js';
import { createIngest } from './conversation-ingest.js';
import { prepareQuery } from './prepared.js';
import { createResultsWriter, type ResultsWriter } from './results-writer.js';
import type { Database } from './schema.js';
import type { Store } from './store.js';
import type { ConversationRecord, FeedbackLabel, Scope, StoredResult } from './types.js';

// The shared types moved to types.ts (a leaf) and the document to conversation-document.ts, so that the files
// this one builds on need not import it back; callers that knew them from here still find them here.
export { documentOf } from './conversation-document.js';
export type {
  ConversationRecord,
  FeedbackLabel,
  IdempotencyClaim,
  IngestOutcome,
  NewConversation,
  Scope,
  StoredResponse,
  StoredResult,
} from './types.js';

/** The turn fields the API defines; a document keeps whatever else a client sent, the API shows these. */
function turnOf(turn: Turn): Turn {
  const { speaker, text, start_ms, end_ms, asr_confidence } = turn;
  return {
    speaker,
    text,
    ...(start_ms === undefined ? {} : { start_ms }),
    ...(end_ms === undefined ? {} : { end_ms }),
    ...(asr_confidence === undefined ? {} : { asr_confidence }),
  };
}

function readDocument(document: string): Pick<ScorableConversation, 'transcript' | 'events' | 'metadata'> {
  const parsed = JSON.parse(document) as Partial<Pick<ScorableConversation, 'transcript' | 'events' | 'metadata'>>;
  return {
    transcript: (parsed.transcript ?? []).map(turnOf),
    events: parsed.events ?? [],
    metadata: parsed.metadata ?? {},
  };
}

/** What scoring reads of a stored conversation; compiled once per store, as every job runs it. */
export function createScorableReader(store: Store) {
  const read = prepareQuery<{
    channel: string;
    ended_by: string | null;
    agent_id: string;
    group_id: string | null;
    document: string;
  }>(store, (p) =>
    store.db
      .selectFrom('conversations')
      .innerJoin('conversation_documents', 'conversation_documents.conversation_id', 'conversations.id')
      .select([
        'conversations.channel',
        'conversations.ended_by',
        'conversations.agent_id',
        'conversations.group_id',
        'conversation_documents.document',
      ])
      .where('conversations.id', '=', p('id'))
      .where('conversations.project_id', '=', p('project_id'))
      .where('conversations.environment', '=', p('environment')),
  );
  return async (ex: Kysely<Database>, scope: Scope, conversationId: string): Promise<ScorableConversation | null> => {
    const [row] = await read.execute(ex, {
      id: conversationId,
      project_id: scope.projectId,
      environment: scope.environment,
    });
    if (!row) return null;
    return {
      channel: row.channel as Channel,
      ended_by: row.ended_by as EndedBy | null,
      // Checks limited to some agents or groups read these (the group as filed when received).
      agent_id: row.agent_id,
      group_id: row.group_id,
      ...readDocument(row.document),
    };
  };
}

export function createConversationRepo(store: Store, clock: () => number = Date.now) {
  const { db } = store;
  let resultsWriter: ResultsWriter | undefined;

  /** Finds a conversation by the service's id or the client's external_id, within the scope only. */
  async function findConversationRow(ex: Kysely<Database>, scope: Scope, idOrExternalId: string) {
    // No stored id contains NUL, and PostgreSQL refuses it in a query parameter.
    if (idOrExternalId.includes('\u0000')) return undefined;
    const rows = await ex
      .selectFrom('conversations')
      .innerJoin('conversation_documents', 'conversation_documents.conversation_id', 'conversations.id')
      .selectAll('conversations')
      .select('conversation_documents.document')
      .where('conversations.project_id', '=', scope.projectId)
      .where('conversations.environment', '=', scope.environment)
      .where((eb) =>
        eb.or([eb('conversations.id', '=', idOrExternalId), eb('conversations.external_id', '=', idOrExternalId)]),
      )
      .limit(2)
      .execute();
    // The service id wins when one conversation's id is another's external_id.
    return rows.find((row) => row.id === idOrExternalId) ?? rows[0];
  }

  return {
    /** Stores a conversation with its scoring job and idempotency record in one unit: all or nothing. */
    ingest: createIngest(store, clock),

    async find(scope: Scope, idOrExternalId: string): Promise<ConversationRecord | null> {
      const row = await findConversationRow(db, scope, idOrExternalId);
      if (!row) return null;
      const [agent, group, results] = await Promise.all([
        db
          .selectFrom('agents')
          .select('name')
          .where('project_id', '=', scope.projectId)
          .where('environment', '=', scope.environment)
          .where('id', '=', row.agent_id)
          .executeTakeFirst(),
        row.group_id === null
          ? undefined
          : db
              .selectFrom('groups')
              .select('name')
              .where('project_id', '=', scope.projectId)
              .where('environment', '=', scope.environment)
              .where('id', '=', row.group_id)
              .executeTakeFirst(),
        db
          .selectFrom('check_results')
          .selectAll()
          .where('conversation_id', '=', row.id)
          .where('project_id', '=', scope.projectId)
          .where('environment', '=', scope.environment)
          .orderBy('position')
          .execute(),
      ]);
      return {
        id: row.id,
        external_id: row.external_id,
        channel: row.channel as Channel,
        status: row.status as ScoringStatus,
        outcome: row.outcome as Outcome | null,
        started_at: row.started_at,
        ended_at: row.ended_at,
        ended_by: row.ended_by as EndedBy | null,
        agent: { id: row.agent_id, name: agent?.name ?? row.agent_id, version: row.agent_version },
        group: row.group_id === null ? null : { id: row.group_id, name: group?.name ?? row.group_id },
        ...readDocument(row.document),
        // Results appear once scoring is done; a re-score in progress keeps showing nothing half-written.
        results:
          row.status === 'done'
            ? results.map((r) => ({
                check_key: r.check_key,
                check_name: r.check_name,
                check_version: r.check_version,
                check_status: r.check_status as CheckResult['check_status'],
                score: r.score,
                verdict: r.verdict as CheckResult['verdict'],
                choice: r.choice,
                decided_by: r.decided_by as CheckResult['decided_by'],
                reason: r.reason,
                evidence_turns: JSON.parse(r.evidence_turns),
                scorer_version: r.scorer_version,
                latency_ms: r.latency_ms,
              }))
            : [],
      };
    },

    /**
     * Adds a label to one result. Several labels per result are kept; the result itself never changes.
     * Returns which part was missing when there is nothing to label.
     */
    addFeedback(
      scope: Scope,
      idOrExternalId: string,
      input: { check_key: string; verdict: 'pass' | 'fail'; note: string | null },
    ): Promise<FeedbackLabel | 'conversation_not_found' | 'result_not_found'> {
      return store.write(async (tx) => {
        const conversation = await findConversationRow(tx, scope, idOrExternalId);
        if (!conversation) return 'conversation_not_found';
        const result = await tx
          .selectFrom('check_results')
          .select('check_key')
          .where('conversation_id', '=', conversation.id)
          .where('project_id', '=', scope.projectId)
          .where('environment', '=', scope.environment)
          .where('check_key', '=', input.check_key)
          .executeTakeFirst();
        if (!result) return 'result_not_found';
        const now = clock();
        const label: FeedbackLabel = {
          id: newId('lbl', now),
          conversation_id: conversation.id,
          check_key: input.check_key,
          verdict: input.verdict,
          note: input.note,
          source: 'api',
          created_at: now,
        };
        await tx
          .insertInto('feedback_labels')
          .values({ ...label, project_id: scope.projectId, environment: scope.environment })
          .execute();
        return label;
      });
    },

    /** Replaces all results of a conversation at once and marks it done. */
    replaceResults(
      scope: Scope,
      conversationId: string,
      outcome: string | null,
      results: StoredResult[],
    ): Promise<void> {
      resultsWriter ??= createResultsWriter(store);
      const writer = resultsWriter;
      return store.write((tx) => writer.writeResults(tx, scope, conversationId, outcome, results, clock()));
    },
  };
}

export type ConversationRepo = ReturnType<typeof createConversationRepo>;
