/**
 * Synthetic conversations for the application benchmark, as scoring would have left them: 200 agents in 20
 * groups over 30 days, each conversation `done` (a few queued or failed) with the five built-in checks'
 * results. Failures as a supervisor would see them: frustration about 8 %, a request for a person not honoured
 * about 3 %, AI disclosure about 0.15 %. Generated from a seed, oldest first, so every run and both stores
 * get the same data.
 *
 * Documents: the newest conversations (the ones the first pages show and a supervisor opens) carry the
 * ingest benchmark's realistic 5 KB call; older ones a short call, which keeps a million of them to a few
 * hundred megabytes.
 */
import { newId } from '../src/domain/ids.js';
import { seededRandom } from '../train/seeded-random.js';
import { bodyFactory, conversationTemplate } from './conversation.js';

export const APP_AGENTS = 200;
export const APP_GROUPS = 20;
export const DAYS = 30;

export const appAgentId = (i: number) => `agent-${String(i).padStart(3, '0')}`;
export const appGroupId = (i: number) => `group-${String(i).padStart(2, '0')}`;
export const appGroupOf = (agent: number) => Math.floor(agent / (APP_AGENTS / APP_GROUPS));

/** The checks results are written for, in the order scoring writes them. */
export const BENCH_CHECKS = [
  { key: 'outcome', name: 'Outcome', category: 'outcome', severity: 'medium' },
  { key: 'real_inquiry', name: 'Real customer inquiry', category: 'outcome', severity: 'low' },
  { key: 'person_request_honored', name: 'Request for a person honoured', category: 'escalation', severity: 'medium' },
  { key: 'frustration', name: 'Caller frustration', category: 'experience', severity: 'medium' },
  { key: 'ai_disclosure', name: 'AI disclosure', category: 'compliance', severity: 'high' },
] as const;

export interface BenchTenant {
  projectId: string;
  environment: 'live';
}

/** Column values in table order: the loaders insert them positionally. */
export type Row = (string | number | null)[];

export const CONVERSATION_COLUMNS = [
  'id',
  'project_id',
  'environment',
  'external_id',
  'channel',
  'status',
  'outcome',
  'started_at',
  'ended_at',
  'ended_at_ms',
  'ended_by',
  'agent_id',
  'agent_version',
  'group_id',
  'received_at',
  'updated_at',
] as const;

export const DOCUMENT_COLUMNS = ['conversation_id', 'document'] as const;

export const RESULT_COLUMNS = [
  'conversation_id',
  'check_key',
  'project_id',
  'environment',
  'check_name',
  'check_version',
  'check_status',
  'score',
  'verdict',
  'choice',
  'decided_by',
  'reason',
  'evidence_turns',
  'scorer_version',
  'latency_ms',
  'position',
  'created_at',
  'check_category',
  'check_severity',
  'ended_at_ms',
] as const;

export interface GeneratedBatch {
  conversations: Row[];
  documents: Row[];
  results: Row[];
  /** Ids of this batch's conversations that carry the full document (the view opens these). */
  fullDocumentIds: string[];
}

const SHORT_TRANSCRIPT = [
  { speaker: 'agent', text: 'Brightside Dental, this is Ava. How can I help?', start_ms: 0, end_ms: 2600 },
  { speaker: 'user', text: 'Can I move my cleaning to Tuesday?', start_ms: 3100, end_ms: 5200 },
  { speaker: 'agent', text: 'Done, you are booked for Tuesday at 3 pm.', start_ms: 5600, end_ms: 8100 },
];

/**
 * Yields the conversations in batches of `batchSize`, oldest first, ending at `now`. The newest
 * `fullDocuments` carry the 5 KB document.
 */
export function* generateConversations(
  tenant: BenchTenant,
  count: number,
  now: number,
  options: { batchSize: number; fullDocuments: number; seed?: number },
): Generator<GeneratedBatch> {
  const random = seededRandom(options.seed ?? 7);
  const fullBody = bodyFactory(conversationTemplate());
  const span = DAYS * 86_400_000;
  const start = now - span;
  let batch: GeneratedBatch = { conversations: [], documents: [], results: [], fullDocumentIds: [] };
  for (let n = 0; n < count; n++) {
    // Evenly spread with jitter, so neighbours may tie on the millisecond now and then, as real traffic does.
    const endedAtMs = Math.floor(start + ((n + random() * 0.5) * span) / count);
    const durationMs = 30_000 + Math.floor(random() * 400_000);
    const agent = Math.floor(random() * APP_AGENTS);
    const id = newId('conv', endedAtMs);
    const externalId = `call-${n}`;
    const r = random();
    const status = r < 0.001 ? 'failed' : n >= count - 20 ? 'queued' : 'done';
    const o = random();
    const outcome =
      status !== 'done'
        ? null
        : o < 0.05
          ? 'not_real_inquiry'
          : o < 0.15
            ? 'escalated'
            : o < 0.15 + 0.85 * (0.7 + (agent % 5) * 0.05)
              ? 'resolved'
              : 'unresolved';
    const endedAt = new Date(endedAtMs).toISOString();
    batch.conversations.push([
      id,
      tenant.projectId,
      tenant.environment,
      externalId,
      random() < 0.8 ? 'voice' : 'chat',
      status,
      outcome,
      new Date(endedAtMs - durationMs).toISOString(),
      endedAt,
      endedAtMs,
      random() < 0.7 ? 'caller' : 'agent',
      appAgentId(agent),
      agent % 10 === 0 ? '2.0' : '1.9',
      appGroupId(appGroupOf(agent)),
      endedAtMs + 400,
      endedAtMs + 3_000,
    ]);
    const full = n >= count - options.fullDocuments;
    batch.documents.push([
      id,
      full
        ? fullBody(externalId)
        : JSON.stringify({
            external_id: externalId,
            channel: 'voice',
            transcript: SHORT_TRANSCRIPT,
            events: [{ type: 'tool_call', name: 'reschedule_appointment', status: 'success', at_ms: 5400 }],
            metadata: { call_sid: `CA${n}`, campaign: 'winter-recall' },
          }),
    ]);
    if (full && status === 'done') batch.fullDocumentIds.push(id);
    if (status === 'done' && outcome !== null) {
      const frustration = random() ** 3;
      const person = random();
      const verdicts: [number | null, string, string | null, string | null][] = [
        [null, 'pass', outcome, 'How the caller left.'],
        outcome === 'not_real_inquiry' ? [null, 'not_met', null, 'Not a customer call.'] : [null, 'met', null, null],
        person < 0.8
          ? [null, 'not_applicable', null, null]
          : person < 0.97
            ? [null, 'pass', null, null]
            : [null, 'fail', null, 'The caller asked for a person twice and was not transferred.'],
        [
          Math.round(frustration * 100) / 100,
          frustration > 0.7 ? 'fail' : 'pass',
          null,
          frustration > 0.7 ? 'The caller repeated themselves and raised their voice.' : null,
        ],
        random() < 0.0015
          ? [null, 'fail', null, 'The agent said it was a person when asked.']
          : [null, 'pass', null, null],
      ];
      verdicts.forEach(([score, verdict, choice, reason], position) => {
        const check = BENCH_CHECKS[position] as (typeof BENCH_CHECKS)[number];
        batch.results.push([
          id,
          check.key,
          tenant.projectId,
          tenant.environment,
          check.name,
          1,
          'active',
          score,
          verdict,
          choice,
          'model',
          reason,
          verdict === 'fail' ? '[1,3]' : '[]',
          'bench-1',
          12,
          position,
          endedAtMs + 3_000,
          check.category,
          check.severity,
          verdict === 'fail' ? endedAtMs : null,
        ]);
      });
    }
    if (batch.conversations.length === options.batchSize) {
      yield batch;
      batch = { conversations: [], documents: [], results: [], fullDocumentIds: [] };
    }
  }
  if (batch.conversations.length > 0) yield batch;
}

/** The agents and groups the conversations name, as ingest would have filed them. */
export function tenancyRows(tenant: BenchTenant): { agents: Row[]; groups: Row[] } {
  const groups = Array.from(
    { length: APP_GROUPS },
    (_, g): Row => [tenant.projectId, tenant.environment, appGroupId(g), `Clinic group ${g}`, 0],
  );
  const agents = Array.from(
    { length: APP_AGENTS },
    (_, a): Row => [
      tenant.projectId,
      tenant.environment,
      appAgentId(a),
      `Receptionist ${a}`,
      appGroupId(appGroupOf(a)),
      'conversation',
      null,
      0,
      null,
      0,
    ],
  );
  return { agents, groups };
}

export const GROUP_COLUMNS = ['project_id', 'environment', 'id', 'name', 'created_at'] as const;
export const AGENT_COLUMNS = [
  'project_id',
  'environment',
  'id',
  'name',
  'group_id',
  'placed_by_kind',
  'placed_by',
  'placed_at',
  'archived_at',
  'created_at',
] as const;
