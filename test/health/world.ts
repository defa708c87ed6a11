/**
 * A small world for health tests: a real store, a workspace in a chosen time zone, a controllable clock, and
 * conversations scored with crafted results through replaceResults (no scoring model involved).
 */
import type { Severity } from '../../src/domain/checks.js';
import type { Outcome } from '../../src/domain/conversation.js';
import { createAgentsRepo } from '../../src/storage/agents-repo.js';
import {
  type ConversationRepo,
  createConversationRepo,
  type NewConversation,
  type Scope,
  type StoredResult,
} from '../../src/storage/conversation-repo.js';
import type { Store } from '../../src/storage/store.js';
import { createTenancyRepo } from '../../src/storage/tenancy-repo.js';
import { uniqueExternalId } from '../harness/fixtures.js';
import { sampleResult } from '../harness/results.js';

export interface Failure {
  key?: string;
  name?: string;
  severity?: Severity;
  status?: 'draft' | 'shadow' | 'active';
}

export interface Scored {
  agent?: string;
  agentName?: string;
  group?: string | null;
  version?: string | null;
  /** ISO instant or epoch ms. */
  endedAt: string | number;
  outcome: Outcome | null;
  failures?: Failure[];
  frustration?: number | null;
  personRequestFailed?: boolean;
  environment?: 'test' | 'live';
}

export function resultsFor(spec: Pick<Scored, 'outcome' | 'failures' | 'frustration' | 'personRequestFailed'>) {
  const results: StoredResult[] = [
    sampleResult({
      check_key: 'outcome',
      choice: spec.outcome,
      check_category: 'outcome',
      check_severity: 'medium',
    } as Partial<StoredResult>),
  ];
  if (spec.frustration !== undefined) {
    results.push({
      ...sampleResult({ check_key: 'frustration', check_name: 'Frustration', choice: null, score: spec.frustration }),
      check_category: 'experience',
      check_severity: 'medium',
    });
  }
  if (spec.personRequestFailed !== undefined) {
    results.push({
      ...sampleResult({
        check_key: 'person_request_honored',
        check_name: 'Person request honored',
        choice: null,
        verdict: spec.personRequestFailed ? 'fail' : 'pass',
      }),
      check_category: 'escalation',
      check_severity: 'medium',
    });
  }
  for (const [i, failure] of (spec.failures ?? []).entries()) {
    results.push({
      ...sampleResult({
        check_key: failure.key ?? `compliance_${i}`,
        check_name: failure.name ?? 'AI disclosure',
        check_status: failure.status ?? 'active',
        choice: null,
        verdict: 'fail',
      }),
      check_category: 'compliance',
      check_severity: failure.severity ?? 'high',
    });
  }
  return results;
}

export interface World {
  store: Store;
  conversations: ConversationRepo;
  agents: ReturnType<typeof createAgentsRepo>;
  projectId: string;
  workspaceId: string;
  scope: Scope;
  clock: () => number;
  setNow(instant: string | number): void;
  /** Ingests and scores one conversation; returns its id. */
  score(spec: Scored): Promise<string>;
  /** Scores many at once (they share commits on SQLite). */
  scoreAll(specs: Scored[]): Promise<string[]>;
  rescore(id: string, spec: Omit<Scored, 'endedAt'>): Promise<void>;
  transitions(
    kind: 'agent' | 'group',
    id: string,
  ): Promise<
    Array<{
      old_status: string;
      new_status: string;
      reason: string;
      event: string | null;
      group_id: string | null;
      created_at: number;
    }>
  >;
  state(kind: 'agent' | 'group', id: string): Promise<{ status: string; reason: string } | undefined>;
}

function toMs(instant: string | number): number {
  return typeof instant === 'number' ? instant : Date.parse(instant);
}

/** Builds a world on an open store: a new workspace in `timeZone` with one project. */
export async function createWorld(store: Store, timeZone: string, start = '2026-11-20T12:00:00Z'): Promise<World> {
  let now = toMs(start);
  const clock = () => now;
  const tenancy = createTenancyRepo(store, clock);
  const workspace = await tenancy.createWorkspace('Health workspace', timeZone);
  const project = await tenancy.createProject(workspace.id, 'Health project');
  return worldFor(store, project.id, workspace.id, clock, (value) => {
    now = value;
  });
}

export function worldFor(
  store: Store,
  projectId: string,
  workspaceId: string,
  clock: () => number,
  set: (now: number) => void,
): World {
  const conversations = createConversationRepo(store, clock);
  const scope: Scope = { projectId, environment: 'test' };

  async function score(spec: Scored): Promise<string> {
    const s: Scope = { projectId, environment: spec.environment ?? 'test' };
    const endedAtMs = toMs(spec.endedAt);
    const input: NewConversation = {
      external_id: uniqueExternalId('health'),
      channel: 'voice',
      started_at: null,
      ended_at: new Date(endedAtMs).toISOString(),
      ended_at_ms: endedAtMs,
      ended_by: 'caller',
      agent: { id: spec.agent ?? 'front-desk', name: spec.agentName ?? null, version: spec.version ?? null },
      group: spec.group ? { id: spec.group, name: null } : null,
      transcript: [{ speaker: 'user', text: 'Hello' }],
      events: [],
      metadata: {},
    };
    const outcome = await conversations.ingest(s, input, null);
    if (outcome.kind !== 'created') throw new Error(`expected a new conversation, got ${outcome.kind}`);
    const id = outcome.response.body.id;
    await conversations.replaceResults(s, id, spec.outcome, resultsFor(spec));
    return id;
  }

  return {
    store,
    conversations,
    agents: createAgentsRepo(store, clock),
    projectId,
    workspaceId,
    scope,
    clock,
    setNow: (instant) => set(toMs(instant)),
    score,
    scoreAll: (specs) => Promise.all(specs.map(score)),
    rescore: (id, spec) =>
      conversations.replaceResults(
        { projectId, environment: spec.environment ?? 'test' },
        id,
        spec.outcome,
        resultsFor(spec),
      ),
    transitions: (kind, id) =>
      store.db
        .selectFrom('health_transitions')
        .select(['seq', 'old_status', 'new_status', 'reason', 'event', 'group_id', 'created_at'])
        .where('project_id', '=', projectId)
        .where('environment', '=', 'test')
        .where('subject_kind', '=', kind)
        .where('subject_id', '=', id)
        .orderBy('seq')
        .execute(),
    state: (kind, id) =>
      store.db
        .selectFrom('health_states')
        .select(['status', 'reason'])
        .where('project_id', '=', projectId)
        .where('environment', '=', 'test')
        .where('subject_kind', '=', kind)
        .where('subject_id', '=', id)
        .executeTakeFirst(),
  };
}

/** `n` conversations of one agent on one day, `resolved` of them resolved and the rest unresolved. */
export function calls(
  n: number,
  resolved: number,
  endedAt: string,
  extra: Omit<Scored, 'endedAt' | 'outcome'> = {},
): Scored[] {
  return Array.from({ length: n }, (_, i) => ({
    ...extra,
    endedAt,
    outcome: i < resolved ? 'resolved' : 'unresolved',
  }));
}
