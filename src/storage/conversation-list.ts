/**
 * The conversation list: one page of a project environment's conversations, newest first (by `ended_at`, ties
 * by id), with the filters of `GET /v1/conversations` and of the application's list. Keyset pagination: a page
 * ends at a position (ended_at_ms, id) and the next one starts strictly after it, so a conversation that
 * arrives meanwhile never makes another appear twice or be skipped.
 *
 * Every filter has an index that is already in list order (migration 008), so a page reads about `limit` index
 * entries whatever the volume: the environment's list, an agent's, a group's, an outcome's, the unfinished
 * statuses (queued, evaluating, failed: a small partial index), and for `failedCheck` the failing results of
 * that check, which carry their conversation's `ended_at_ms` for this. Combined filters walk the index of one
 * and test the others row by row.
 *
 *   const conversations = createConversationList(store);
 *   const page = await conversations.list(scope, { agentId: 'front-desk' }, { limit: 50 });
 *   // page.items, and page.next (a ListPosition) to pass as `after` for the next page, or null at the end
 */
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Channel, EndedBy, Outcome, ScoringStatus } from '../domain/conversation.js';
import type { Scope } from './conversation-repo.js';
import type { Database } from './schema.js';
import type { Store } from './store.js';

/** Where a page ended: the last item's `ended_at_ms` and id. */
export interface ListPosition {
  endedAtMs: number;
  id: string;
}

/** Filters, all optional, all combined with AND. Values are taken as given; the API validates them. */
export interface ConversationListFilters {
  agentId?: string;
  groupId?: string;
  status?: ScoringStatus;
  /** Either spelling of a planned rename finds the same conversations. */
  outcome?: Outcome;
  /** A check key: conversations whose current results (status `done`) have this check failing. */
  failedCheck?: string;
  /** Inclusive lower bound on `ended_at`, epoch ms. */
  endedAfterMs?: number;
  /** Exclusive upper bound on `ended_at`, epoch ms. */
  endedBeforeMs?: number;
  /** The client's own id: at most one conversation. */
  externalId?: string;
}

export interface ConversationListOptions {
  /** Items per page, 1 or more (callers cap it; the API at 100). */
  limit: number;
  /** The previous page's `next`; absent for the first page. */
  after?: ListPosition | null;
  /** Also read each item's metadata (from its stored document). The /v1 list shows it; the application's does not. */
  includeMetadata?: boolean;
}

/** A conversation without its transcript, events and results. */
export interface ConversationListItem {
  id: string;
  external_id: string;
  channel: Channel;
  status: ScoringStatus;
  outcome: Outcome | null;
  started_at: string | null;
  ended_at: string;
  ended_at_ms: number;
  ended_by: EndedBy | null;
  agent: { id: string; name: string; version: string | null };
  group: { id: string; name: string } | null;
  /** started_at to ended_at, else the latest turn `end_ms`; null when neither is known. */
  duration_ms: number | null;
  /** Keys of the checks whose current result is `fail`, in result order; empty until scored (`done`). */
  failed_checks: string[];
  /** The `frustration` check's score (0 calm .. 1 very frustrated), null when not scored. */
  frustration: number | null;
  /** Present when asked for with `includeMetadata`. */
  metadata?: Record<string, unknown>;
}

export interface ConversationListPage {
  items: ConversationListItem[];
  /** Where the next page starts, or null when this was the last one. */
  next: ListPosition | null;
}

export type ConversationList = ReturnType<typeof createConversationList>;

/** The stored outcome each spelling means: scoring stores today's names, the planned ones find the same rows. */
const STORED_OUTCOME: Record<Outcome, string> = {
  resolved: 'resolved',
  unresolved: 'unresolved',
  escalated: 'escalated',
  handed_to_person: 'escalated',
  not_real_inquiry: 'not_real_inquiry',
  not_customer_call: 'not_real_inquiry',
};

const FRUSTRATION_CHECK = 'frustration';

interface PageRow {
  id: string;
  external_id: string;
  channel: string;
  status: string;
  outcome: string | null;
  started_at: string | null;
  ended_at: string;
  ended_at_ms: number | string;
  ended_by: string | null;
  agent_id: string;
  agent_version: string | null;
  group_id: string | null;
  agent_name: string | null;
  group_name: string | null;
}

type ListEb = ExpressionBuilder<Database & { c: Database['conversations'] }, 'c'>;

type ListFilterColumn = 'agent_id' | 'group_id' | 'external_id' | 'outcome' | 'status';

/**
 * The conversation column whose index a page walks when several filters are given: the one expected to match
 * the fewest conversations. With failedCheck the failing results are walked and none of these.
 */
function walkedFilter(filters: ConversationListFilters): ListFilterColumn | null {
  if (filters.failedCheck !== undefined) return null;
  if (filters.externalId !== undefined) return 'external_id';
  if (filters.status !== undefined && filters.status !== 'done') return 'status';
  if (filters.agentId !== undefined) return 'agent_id';
  if (filters.groupId !== undefined) return 'group_id';
  if (filters.outcome !== undefined) return 'outcome';
  return null;
}

export function createConversationList(store: Store) {
  const { db } = store;

  /** Conditions on the conversation row itself, shared by both ways of walking the list. */
  function conversationConditions(eb: ListEb, scope: Scope, filters: ConversationListFilters): Expression<SqlBool>[] {
    const walked = walkedFilter(filters);
    // SQLite has no statistics to choose between two filters' indexes and may walk the larger one; a unary +
    // keeps a column out of index choice. PostgreSQL chooses by its statistics.
    const column = (name: ListFilterColumn) =>
      store.dialect === 'sqlite' && walked !== name
        ? sql<string>`+${sql.ref(`c.${name}`)}`
        : sql.ref<string>(`c.${name}`);
    const conditions: Expression<SqlBool>[] = [
      eb('c.project_id', '=', scope.projectId),
      eb('c.environment', '=', scope.environment),
    ];
    if (filters.agentId !== undefined) conditions.push(eb(column('agent_id'), '=', filters.agentId));
    if (filters.groupId !== undefined) conditions.push(eb(column('group_id'), '=', filters.groupId));
    if (filters.externalId !== undefined) conditions.push(eb(column('external_id'), '=', filters.externalId));
    if (filters.outcome !== undefined) conditions.push(eb(column('outcome'), '=', STORED_OUTCOME[filters.outcome]));
    if (filters.status !== undefined) {
      conditions.push(eb(column('status'), '=', filters.status));
      // Restates the partial index's condition as a literal: SQLite uses a partial index only when the query
      // says so in the same words (a bound parameter does not count).
      if (filters.status !== 'done' && walked === 'status') conditions.push(eb('c.status', '<>', sql.lit('done')));
    }
    return conditions;
  }

  async function list(
    scope: Scope,
    filters: ConversationListFilters,
    options: ConversationListOptions,
  ): Promise<ConversationListPage> {
    const limit = Math.max(1, Math.floor(options.limit));
    // A value PostgreSQL refuses in a parameter cannot match anything stored.
    if (Object.values(filters).some((value) => typeof value === 'string' && value.includes('\u0000'))) {
      return { items: [], next: null };
    }
    const rows = await pageRows(scope, filters, options.after ?? null, limit + 1);
    const more = rows.length > limit;
    const pageRowsOnly = more ? rows.slice(0, limit) : rows;
    const items = await itemsOf(scope, pageRowsOnly, options.includeMetadata === true);
    const last = items.at(-1);
    return { items, next: more && last ? { endedAtMs: last.ended_at_ms, id: last.id } : null };
  }

  /** The page's conversation rows with agent and group names, `take` of them at most. */
  async function pageRows(
    scope: Scope,
    filters: ConversationListFilters,
    after: ListPosition | null,
    take: number,
  ): Promise<PageRow[]> {
    // With failedCheck the list walks that check's failing results (in list order by their copy of ended_at_ms)
    // and joins each conversation; otherwise it walks the conversations.
    const failing = filters.failedCheck;
    const base =
      failing === undefined
        ? db.selectFrom('conversations as c')
        : db
            .selectFrom('check_results as r')
            .innerJoin('conversations as c', 'c.id', 'r.conversation_id')
            .where('r.project_id', '=', scope.projectId)
            .where('r.environment', '=', scope.environment)
            .where('r.check_key', '=', failing)
            // A literal, for the partial index (see conversationConditions).
            .where('r.verdict', '=', sql.lit('fail'))
            .where('c.status', '=', 'done');
    const at = sql.ref<number>(failing === undefined ? 'c.ended_at_ms' : 'r.ended_at_ms');
    const id = sql.ref<string>(failing === undefined ? 'c.id' : 'r.conversation_id');

    let query = base
      .leftJoin('agents as a', (join) =>
        join
          .onRef('a.project_id', '=', 'c.project_id')
          .onRef('a.environment', '=', 'c.environment')
          .onRef('a.id', '=', 'c.agent_id'),
      )
      .leftJoin('groups as g', (join) =>
        join
          .onRef('g.project_id', '=', 'c.project_id')
          .onRef('g.environment', '=', 'c.environment')
          .onRef('g.id', '=', 'c.group_id'),
      )
      .select([
        'c.id',
        'c.external_id',
        'c.channel',
        'c.status',
        'c.outcome',
        'c.started_at',
        'c.ended_at',
        'c.ended_at_ms',
        'c.ended_by',
        'c.agent_id',
        'c.agent_version',
        'c.group_id',
        'a.name as agent_name',
        'g.name as group_name',
      ])
      .where((eb) => eb.and(conversationConditions(eb as unknown as ListEb, scope, filters)));

    if (filters.endedAfterMs !== undefined) query = query.where(at, '>=', filters.endedAfterMs);
    if (filters.endedBeforeMs !== undefined) query = query.where(at, '<', filters.endedBeforeMs);
    if (after) {
      // (ended_at_ms, id) < (after): the first term bounds the index range, the second settles ties.
      query = query
        .where(at, '<=', after.endedAtMs)
        .where((eb) => eb.or([eb(at, '<', after.endedAtMs), eb(id, '<', after.id)]));
    }
    return (await query.orderBy(at, 'desc').orderBy(id, 'desc').limit(take).execute()) as PageRow[];
  }

  /**
   * Metadata and the last turn's end_ms of stored documents. On SQLite its JSON parser takes them out, which is
   * quicker than reading 5 KB documents into JavaScript to keep a kilobyte of each (json_extract keeps key order
   * and number text). PostgreSQL's JSON functions refuse a document holding an escaped NUL, which a
   * conversation may (it is stored as sent), so there, and should SQLite refuse a document, the documents are
   * read and parsed here.
   */
  async function documentParts(ids: string[]): Promise<Map<string, DocumentParts>> {
    const parts = new Map<string, DocumentParts>();
    if (ids.length === 0) return parts;
    if (store.dialect === 'sqlite') {
      try {
        const rows = await db
          .selectFrom('conversation_documents')
          .select([
            'conversation_id',
            sql<string | null>`json_extract(document, '$.metadata')`.as('metadata'),
            sql<unknown>`json_extract(document, '$.transcript[#-1].end_ms')`.as('last_end_ms'),
          ])
          .where('conversation_id', 'in', ids)
          .execute();
        for (const row of rows) {
          parts.set(row.conversation_id, {
            metadata: typeof row.metadata === 'string' ? (JSON.parse(row.metadata) as Record<string, unknown>) : {},
            lastTurnEndMs: lastEndMs(row.last_end_ms),
          });
        }
        return parts;
      } catch {
        parts.clear();
      }
    }
    const rows = await db
      .selectFrom('conversation_documents')
      .select(['conversation_id', 'document'])
      .where('conversation_id', 'in', ids)
      .execute();
    for (const row of rows) parts.set(row.conversation_id, readDocumentParts(row.document));
    return parts;
  }

  /** A column as a condition that must not pick the index (SQLite's unary +; PostgreSQL plans by statistics). */
  function unindexed(column: 'project_id' | 'environment') {
    return store.dialect === 'sqlite' ? sql<string>`+${sql.ref(column)}` : sql.ref<string>(column);
  }

  /** Adds what lives beside the rows: failed checks and frustration from results, duration and metadata. */
  async function itemsOf(scope: Scope, rows: PageRow[], includeMetadata: boolean): Promise<ConversationListItem[]> {
    if (rows.length === 0) return [];
    const doneIds = rows.filter((row) => row.status === 'done').map((row) => row.id);
    // The document is read only when needed: for metadata, or for a duration without started_at.
    const documentIds = rows.filter((row) => includeMetadata || durationFromTimes(row) === null).map((row) => row.id);

    const [results, parsed] = await Promise.all([
      doneIds.length === 0
        ? []
        : db
            .selectFrom('check_results')
            .select(['conversation_id', 'check_key', 'verdict', 'score', 'position'])
            // By primary key (conversation_id first); on SQLite the scope's columns are kept out of index choice,
            // or it walks an index on them through every result of the project.
            .where(unindexed('project_id'), '=', scope.projectId)
            .where(unindexed('environment'), '=', scope.environment)
            .where('conversation_id', 'in', doneIds)
            .where((eb) => eb.or([eb('verdict', '=', 'fail'), eb('check_key', '=', FRUSTRATION_CHECK)]))
            .execute(),
      documentParts(documentIds),
    ]);

    const failed = new Map<string, { key: string; position: number }[]>();
    const frustration = new Map<string, number | null>();
    for (const result of results) {
      if (result.verdict === 'fail') {
        const list = failed.get(result.conversation_id) ?? [];
        list.push({ key: result.check_key, position: Number(result.position) });
        failed.set(result.conversation_id, list);
      }
      if (result.check_key === FRUSTRATION_CHECK) {
        frustration.set(result.conversation_id, result.score === null ? null : Number(result.score));
      }
    }
    return rows.map((row) => {
      const document = parsed.get(row.id);
      const item: ConversationListItem = {
        id: row.id,
        external_id: row.external_id,
        channel: row.channel as Channel,
        status: row.status as ScoringStatus,
        outcome: row.outcome as Outcome | null,
        started_at: row.started_at,
        ended_at: row.ended_at,
        ended_at_ms: Number(row.ended_at_ms),
        ended_by: row.ended_by as EndedBy | null,
        agent: { id: row.agent_id, name: row.agent_name ?? row.agent_id, version: row.agent_version },
        group: row.group_id === null ? null : { id: row.group_id, name: row.group_name ?? row.group_id },
        duration_ms: durationFromTimes(row) ?? document?.lastTurnEndMs ?? null,
        failed_checks: (failed.get(row.id) ?? []).sort((a, b) => a.position - b.position).map((f) => f.key),
        frustration: frustration.get(row.id) ?? null,
      };
      if (includeMetadata) item.metadata = document?.metadata ?? {};
      return item;
    });
  }

  return { list };
}

/** started_at to ended_at in ms, or null when started_at is absent (or after ended_at). */
function durationFromTimes(row: Pick<PageRow, 'started_at' | 'ended_at'>): number | null {
  if (row.started_at === null) return null;
  const duration = Date.parse(row.ended_at) - Date.parse(row.started_at);
  return Number.isFinite(duration) && duration >= 0 ? duration : null;
}

/** The last turn's end_ms as the database gave it (a number, or text from PostgreSQL), or null. */
function lastEndMs(value: unknown): number | null {
  const ms = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isSafeInteger(ms) && ms >= 0 ? ms : null;
}

interface DocumentParts {
  metadata: Record<string, unknown>;
  lastTurnEndMs: number | null;
}

/** Of a stored document (the body as received): its metadata and the last turn's end_ms. */
function readDocumentParts(document: string): DocumentParts {
  const parsed = JSON.parse(document) as { metadata?: Record<string, unknown>; transcript?: { end_ms?: unknown }[] };
  return { metadata: parsed.metadata ?? {}, lastTurnEndMs: lastEndMs(parsed.transcript?.at(-1)?.end_ms) };
}
