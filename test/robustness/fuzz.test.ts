/**
 * Malformed requests, generated with fast-check from a fixed seed: wrong types, one field broken in an
 * otherwise valid body, values at and just past each limit, deep nesting, random bytes, truncated JSON,
 * unicode. What the answer must be is decided independently from the specification (spec-validator.ts);
 * every error must carry the one envelope, and nothing may answer 5xx.
 */
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConversationRepo } from '../../src/storage/conversation-repo.js';
import { bearer, startTestApp, type TestApp } from '../harness/app.js';
import { backends, postgresBackend, sqliteBackend, type TestBackend } from '../harness/backends.js';
import { conversationBody } from '../harness/fixtures.js';
import {
  BODY_LIMIT_BYTES,
  conversationProblems,
  type Expected,
  expectedFor,
  feedbackProblems,
  isPlainObject,
} from './spec-validator.js';

const SEED = 20_261_118;

// ---------------------------------------------------------------------------------------------------------
// Generators

interface FuzzCase {
  label: string;
  payload: Buffer;
  /** null: send no Content-Type at all (clients forget it). */
  contentType: string | null;
  idempotencyKey?: string;
}

const DELETE = Symbol('delete');
/** A number written into the JSON text as is (1e400, -0, NaN ...), which JSON.stringify cannot produce. */
class RawLiteral {
  constructor(readonly literal: string) {}
}
const RAW_TOKEN = 'RAW-LITERAL-7f3a9c';

/**
 * Strings that the service stores as they are. A NUL character is left out here because PostgreSQL text
 * cannot hold it; that case has its own test below, so a failure of the random run means something new.
 */
const noNul = (s: string) => s.replaceAll('\u0000', '');
const unicode = (minLength: number, maxLength: number) => fc.string({ unit: 'binary', minLength, maxLength });
const storedUnicode = (minLength: number, maxLength: number) =>
  fc.oneof(unicode(minLength, maxLength), fc.string({ unit: 'grapheme', minLength, maxLength })).map(noNul);
const repeat = (char: string, lengths: number[]) => fc.constantFrom(...lengths).map((n) => char.repeat(n));

const resourceId = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,30}$/);
const pad2 = (n: number) => String(n).padStart(2, '0');
const isoDate = fc.oneof(
  fc
    .date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  fc
    .tuple(
      fc.date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }),
      fc.integer({ min: -23, max: 23 }),
      fc.constantFrom(0, 30, 45),
    )
    .map(([d, h, m]) => `${d.toISOString().slice(0, 19)}${h < 0 ? '-' : '+'}${pad2(Math.abs(h))}:${pad2(m)}`),
);
const badDate = fc.oneof(
  fc.constantFrom(
    '2026-11-18T14:00:00',
    '2026-11-18',
    '14:00:00Z',
    '2026-02-30T00:00:00Z',
    '2026-02-29T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-11-18T24:00:00Z',
    '2026-11-18T14:60:00Z',
    '2026-11-18 14:00:00Z',
    '2026-11-18T14:00:00+24:00',
    'yesterday',
    'NaN',
    '',
    '1795346105935',
  ),
  fc.string({ maxLength: 30 }),
);

const turn = fc.record(
  {
    speaker: fc.constantFrom('agent', 'user', 'human_agent'),
    text: fc.oneof(unicode(1, 80), fc.string({ minLength: 1, maxLength: 80 })),
    start_ms: fc.nat(),
    end_ms: fc.nat(),
    asr_confidence: fc.double({ min: 0, max: 1, noNaN: true }),
  },
  { requiredKeys: ['speaker', 'text'] },
);
const event = fc.record(
  {
    type: fc.oneof(fc.constantFrom('tool_call', 'transfer', 'handoff'), unicode(1, 20)),
    name: fc.oneof(fc.constantFrom('book_appointment', 'schedule_visit', 'lookup'), unicode(0, 20)),
    status: fc.constantFrom('success', 'SUCCEEDED', 'failed', 'timeout', 'weird', ''),
    target: unicode(0, 20),
    at_ms: fc.integer(),
    extra: fc.jsonValue({ maxDepth: 3 }),
  },
  { requiredKeys: ['type'] },
);
const metadata = fc.dictionary(unicode(0, 12), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 });

/** A body the specification accepts. */
const validBody = fc
  .record(
    {
      external_id: fc.oneof(
        storedUnicode(1, 60),
        fc.uuid().map((u) => `call-${u}`),
      ),
      channel: fc.constantFrom('voice', 'chat'),
      started_at: isoDate,
      ended_at: isoDate,
      ended_by: fc.constantFrom('agent', 'caller', 'user', 'human_agent', 'system', 'timeout'),
      agent: fc.record(
        { id: resourceId, name: storedUnicode(1, 40).filter((s) => s.length >= 1), version: storedUnicode(0, 20) },
        { requiredKeys: [] },
      ),
      group: fc.record(
        { id: resourceId, name: storedUnicode(1, 40).filter((s) => s.length >= 1) },
        { requiredKeys: ['id'] },
      ),
      transcript: fc.array(turn, { minLength: 1, maxLength: 4 }),
      events: fc.array(event, { maxLength: 3 }),
      metadata,
    },
    { requiredKeys: ['external_id', 'channel', 'transcript'] },
  )
  // `timeout` is valid for chat only; keep the base valid so each case breaks one thing.
  .map((body) => (body.ended_by === 'timeout' && body.channel !== 'chat' ? { ...body, ended_by: 'system' } : body));

const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.string({ maxLength: 12 }),
  fc.constant(DELETE),
);
const numberish: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: -1000, max: -1 }),
  fc.nat(),
  fc.double(),
  fc.constantFrom(0.5, 1.5, -0.0001, 2 ** 53, 2 ** 53 + 2, 1e21, -0),
  fc.constantFrom('NaN', 'Infinity', '-1', '1e3', '12', '', '0x10'),
  fc
    .constantFrom(
      '1e400',
      '-1e400',
      '1e-400',
      '-0',
      '1.0',
      '0.50',
      '1E2',
      '9007199254740993',
      'NaN',
      'Infinity',
      '-Infinity',
      '01',
      '.5',
      '+1',
      '1.',
      '0x1F',
    )
    .map((literal) => new RawLiteral(literal)),
);
const enumish = (valid: string[]) =>
  fc.oneof(
    fc.constantFrom(...valid),
    fc.constantFrom('', 'Voice', 'CHAT', 'phone', 'TIMEOUT', 'bot', ' agent'),
    fc.string({ maxLength: 10 }),
  );
const badId = fc.oneof(
  fc.constantFrom(
    '-x',
    '.x',
    '_x',
    'a/b',
    'a b',
    '',
    'é',
    'a?b',
    'a#b',
    '%2F',
    'a\nb',
    'a'.repeat(128),
    'a'.repeat(129),
  ),
  fc.string({ unit: 'binary', maxLength: 20 }).map(noNul),
  resourceId,
);
const nested = (depth: number, leaf: unknown): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { k: value };
  return value;
};

type Path = Array<string | number>;
interface Mutation {
  path: Path;
  values: fc.Arbitrary<unknown>;
  weight?: number;
}

const turns = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ speaker: i % 2 ? 'user' : 'agent', text: `t${i}` }));
const events = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 'note', at_ms: i }));

const MUTATIONS: Mutation[] = [
  {
    path: ['external_id'],
    values: fc.oneof(wrongType, repeat('e', [0, 1, 199, 200, 201, 250]), unicode(150, 220).map(noNul)),
  },
  { path: ['channel'], values: fc.oneof(wrongType, enumish(['voice', 'chat'])) },
  { path: ['started_at'], values: fc.oneof(wrongType, badDate, isoDate) },
  { path: ['ended_at'], values: fc.oneof(wrongType, badDate, isoDate) },
  {
    path: ['ended_by'],
    values: fc.oneof(wrongType, enumish(['agent', 'caller', 'user', 'human_agent', 'timeout', 'system'])),
  },
  { path: ['agent'], values: wrongType },
  { path: ['agent', 'id'], values: fc.oneof(wrongType, badId) },
  {
    path: ['agent', 'name'],
    values: fc.oneof(wrongType, repeat('n', [0, 1, 119, 120, 121, 500]), storedUnicode(0, 130)),
  },
  { path: ['agent', 'version'], values: fc.oneof(wrongType, repeat('v', [0, 59, 60, 61, 200])) },
  { path: ['group'], values: fc.oneof(wrongType, fc.constant({ name: 'no id' })) },
  { path: ['group', 'id'], values: fc.oneof(wrongType, badId) },
  { path: ['group', 'name'], values: fc.oneof(wrongType, repeat('g', [0, 120, 121]), storedUnicode(0, 130)) },
  {
    path: ['transcript'],
    values: fc.oneof(wrongType, fc.constant([]), fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 })),
  },
  { path: ['transcript'], values: fc.constantFrom(10_000, 10_001).map(turns), weight: 1 },
  { path: ['transcript', 0], values: wrongType },
  { path: ['transcript', 0, 'speaker'], values: fc.oneof(wrongType, enumish(['agent', 'user', 'human_agent'])) },
  {
    path: ['transcript', 0, 'text'],
    values: fc.oneof(wrongType, repeat('t', [0, 1, 19_999, 20_000, 20_001, 25_000]), unicode(0, 200)),
  },
  { path: ['transcript', 0, 'start_ms'], values: numberish },
  { path: ['transcript', 0, 'end_ms'], values: numberish },
  { path: ['transcript', 0, 'asr_confidence'], values: fc.oneof(numberish, fc.double({ min: -2, max: 2 })) },
  { path: ['transcript', 1, 'text'], values: fc.oneof(wrongType, fc.constant('')) },
  { path: ['events'], values: fc.oneof(wrongType, fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 })) },
  { path: ['events'], values: fc.constantFrom(10_000, 10_001).map(events), weight: 1 },
  { path: ['events', 0], values: wrongType },
  { path: ['events', 0, 'type'], values: fc.oneof(wrongType, fc.constant(''), unicode(0, 10)) },
  { path: ['events', 0, 'name'], values: wrongType },
  { path: ['events', 0, 'status'], values: wrongType },
  { path: ['events', 0, 'target'], values: wrongType },
  { path: ['events', 0, 'at_ms'], values: numberish },
  { path: ['events', 0, 'details'], values: fc.integer({ min: 1, max: 400 }).map((d) => nested(d, 'leaf')) },
  { path: ['metadata'], values: wrongType },
  {
    path: ['metadata'],
    values: fc.oneof(
      fc.integer({ min: 65_536 - 40, max: 65_536 + 40 }).map((n) => ({ blob: 'm'.repeat(n - 11) })),
      fc.integer({ min: 32_768 - 20, max: 32_768 + 20 }).map((n) => ({ blob: 'é'.repeat(n - 6) })),
      fc.integer({ min: 1, max: 400 }).map((d) => ({ deep: nested(d, 1) })),
    ),
  },
  { path: ['unknown_field'], values: fc.jsonValue({ maxDepth: 2 }) },
];

function setAt(root: Record<string, unknown>, path: Path, value: unknown): Record<string, unknown> {
  const body = structuredClone(root);
  // Make the containers on the way exist, so the change lands on the field it names.
  if (path[0] === 'agent' && path.length > 1 && !isPlainObject(body.agent)) body.agent = {};
  if (path[0] === 'group' && path.length > 1 && !isPlainObject(body.group)) body.group = { id: 'g-1' };
  if (path[0] === 'events' && path.length > 1 && (!Array.isArray(body.events) || body.events.length === 0))
    body.events = [{ type: 'tool_call', name: 'lookup' }];
  if (path[0] === 'transcript' && path[1] === 1 && Array.isArray(body.transcript) && body.transcript.length < 2)
    body.transcript.push({ speaker: 'user', text: 'second' });
  let node: Record<string | number, unknown> = body;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1) as string | number;
  if (value === DELETE) delete node[last];
  else node[last] = value;
  return body;
}

function serialize(body: unknown): string {
  let raw: string | undefined;
  const text = JSON.stringify(body, (_key, value) => {
    if (value instanceof RawLiteral) {
      raw = value.literal;
      return RAW_TOKEN;
    }
    return value;
  });
  return raw === undefined ? text : text.replace(`"${RAW_TOKEN}"`, raw);
}

const contentType = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 12 },
  { arbitrary: fc.constantFrom('application/json; charset=utf-8', 'text/plain', null), weight: 1 },
);

const asCase = (label: string, text: string | Buffer) =>
  contentType.map((type): FuzzCase => {
    const payload = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
    // An empty body without a Content-Type has its own test below (it answers 422, not 400, today).
    return { label, payload, contentType: payload.length === 0 && type === null ? 'application/json' : type };
  });

const mutatedCase = fc.oneof(
  ...MUTATIONS.map((m) => ({
    weight: m.weight ?? 4,
    arbitrary: fc
      .tuple(validBody, m.values)
      .chain(([body, value]) => asCase(`set ${m.path.join('.')}`, serialize(setAt(body, m.path, value)))),
  })),
);

const junkCase = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).chain((v) => asCase('any JSON value', JSON.stringify(v) ?? 'null')),
  fc
    .tuple(fc.integer({ min: 1, max: 3000 }), fc.constantFrom('[', '{"a":', 'open'))
    .chain(([depth, kind]) =>
      asCase(
        `nested ${kind} x${depth}`,
        kind === '['
          ? `${'['.repeat(depth)}${']'.repeat(depth)}`
          : kind === 'open'
            ? '['.repeat(depth)
            : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
      ),
    ),
  fc.uint8Array({ maxLength: 300 }).chain((bytes) => asCase('random bytes', Buffer.from(bytes))),
  unicode(0, 200).chain((s) => asCase('random text', s)),
  fc.tuple(validBody, fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true })).chain(([body, at]) => {
    const text = JSON.stringify(body);
    return asCase('truncated JSON', text.slice(0, Math.floor(at * text.length)));
  }),
  fc
    .constantFrom(
      '{',
      '{"external_id":',
      'null',
      'true',
      '"string"',
      '[]',
      '{}',
      'NaN',
      'undefined',
      "{'external_id': 'x'}",
      '{"a":1,}',
      '\ufeff{}',
      '{"a":1}{"b":2}',
      '  {}  ',
      '{"__proto__": {"x": 1}}',
      '{"constructor": {"prototype": {"x": 1}}}',
      '\u0000',
    )
    .chain((text) => asCase('JSON-like', text)),
  fc
    .array(validBody, { minLength: 1, maxLength: 3 })
    .chain((bodies) => asCase('array of bodies', JSON.stringify(bodies))),
  validBody.chain((body) => asCase('body as a JSON string', JSON.stringify(JSON.stringify(body)))),
);

/** Valid bodies padded with an unknown field to just under, at, or just over the body limit. */
const nearLimitCase = fc.tuple(validBody, fc.integer({ min: -3000, max: 3000 })).chain(([body, delta]) => {
  const without = Buffer.byteLength(JSON.stringify({ ...body, padding: '' }));
  const padding = 'p'.repeat(Math.max(0, BODY_LIMIT_BYTES + delta - without));
  return asCase(`body limit ${delta >= 0 ? '+' : ''}${delta}`, JSON.stringify({ ...body, padding }));
});

/** An Idempotency-Key header outside 1..255 characters is refused like a bad field. */
const badIdempotencyKeyCase = fc
  .tuple(validBody, fc.constantFrom(0, 256, 300))
  .map(([body, length]): FuzzCase & { badKey: true } => ({
    label: `Idempotency-Key of ${length}`,
    payload: Buffer.from(JSON.stringify(body)),
    contentType: 'application/json',
    idempotencyKey: 'k'.repeat(length),
    badKey: true,
  }));

const conversationCase: fc.Arbitrary<FuzzCase & { badKey?: true }> = fc.oneof(
  { arbitrary: mutatedCase, weight: 60 },
  { arbitrary: junkCase, weight: 25 },
  { arbitrary: nearLimitCase, weight: 3 },
  { arbitrary: validBody.chain((body) => asCase('valid', JSON.stringify(body))), weight: 6 },
  { arbitrary: badIdempotencyKeyCase, weight: 2 },
);

const feedbackBody = fc.record(
  {
    check_key: fc.oneof(
      fc.constant('outcome'),
      unicode(1, 30)
        .map(noNul)
        .filter((s) => s.length > 0),
    ),
    verdict: fc.constantFrom('pass', 'fail'),
    note: fc.oneof(unicode(0, 80).map(noNul), repeat('x', [999, 1000, 1001])),
  },
  { requiredKeys: ['check_key', 'verdict'] },
);
const FEEDBACK_MUTATIONS: Mutation[] = [
  { path: ['check_key'], values: fc.oneof(wrongType, fc.constant('')) },
  { path: ['verdict'], values: fc.oneof(wrongType, fc.constantFrom('PASS', 'passed', 'ok', 'met', '')) },
  { path: ['note'], values: fc.oneof(wrongType, repeat('n', [999, 1000, 1001, 5000])) },
  { path: ['extra'], values: fc.jsonValue({ maxDepth: 2 }) },
];
const feedbackCase: fc.Arbitrary<FuzzCase> = fc.oneof(
  { arbitrary: feedbackBody.chain((body) => asCase('valid feedback', JSON.stringify(body))), weight: 3 },
  ...FEEDBACK_MUTATIONS.map((m) => ({
    weight: 3,
    arbitrary: fc
      .tuple(feedbackBody, m.values)
      .chain(([body, value]) => asCase(`set ${m.path.join('.')}`, serialize(setAt(body, m.path, value)))),
  })),
  { arbitrary: junkCase, weight: 4 },
);

// ---------------------------------------------------------------------------------------------------------
// Checking one answer

function preview(payload: Buffer): string {
  const text = payload.toString('utf8');
  return text.length > 160 ? `${text.slice(0, 160)}… (${payload.length} bytes)` : text;
}

const related = (a: string, b: string) => a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);

/** What is wrong with an error answer's envelope, or null. */
function envelopeProblem(response: LightMyRequestResponse, expectedType: string | undefined): string | null {
  if (!String(response.headers['content-type']).startsWith('application/json')) return 'not JSON';
  let parsed: unknown;
  try {
    parsed = response.json();
  } catch {
    return 'body is not JSON';
  }
  if (!isPlainObject(parsed) || !isPlainObject(parsed.error)) return 'no error object';
  const error = parsed.error;
  if (error.type !== expectedType) return `type ${String(error.type)}, expected ${expectedType}`;
  if (typeof error.message !== 'string' || error.message.length === 0) return 'no message';
  const requestId = response.headers['service-request-id'];
  if (typeof error.request_id !== 'string' || error.request_id !== requestId) return 'request_id differs from header';
  if (response.statusCode === 422) {
    const fields = error.fields;
    if (!isPlainObject(fields) || Object.keys(fields).length === 0) return 'no fields';
    for (const [key, messages] of Object.entries(fields)) {
      if (!Array.isArray(messages) || messages.length === 0) return `fields.${key} is not a list`;
      if (!messages.every((m) => typeof m === 'string' && m.length > 0)) return `fields.${key} holds a non-string`;
    }
  } else if (error.fields !== undefined) {
    return 'fields on a non-validation error';
  }
  return null;
}

/**
 * Checks one answer against what the specification says; returns a description of the mismatch, or null.
 * `acceptedStatuses` are the success answers for a valid body.
 */
function mismatch(
  response: LightMyRequestResponse,
  expected: Expected,
  acceptedStatuses: number[],
  acceptedErrorType?: string,
): string | null {
  const status = response.statusCode;
  if (status >= 500) return `server error ${status}: ${response.body.slice(0, 200)}`;
  switch (expected.kind) {
    case 'accepted': {
      if (acceptedStatuses.includes(status)) {
        return status === 404 ? envelopeProblem(response, acceptedErrorType) : null;
      }
      return `expected ${acceptedStatuses.join('/')}, got ${status}: ${response.body.slice(0, 300)}`;
    }
    case 'status': {
      if (status !== expected.status)
        return `expected ${expected.status}, got ${status}: ${response.body.slice(0, 300)}`;
      return envelopeProblem(response, expected.type);
    }
    case 'invalid': {
      if (status !== 422)
        return `expected 422 at ${expected.problems.join(', ')}, got ${status}: ${response.body.slice(0, 300)}`;
      const problem = envelopeProblem(response, 'validation_error');
      if (problem) return problem;
      const fields = Object.keys((response.json() as { error: { fields: Record<string, string[]> } }).error.fields);
      const unnamed = expected.problems.filter((p) => !fields.some((f) => related(f, p)));
      const unexpected = fields.filter((f) => !expected.problems.some((p) => related(f, p)));
      if (unnamed.length > 0 || unexpected.length > 0)
        return `fields ${JSON.stringify(fields)} but the problems are at ${JSON.stringify(expected.problems)}`;
      return null;
    }
  }
}

function headersFor(key: string, c: FuzzCase): Record<string, string> {
  const headers: Record<string, string> = bearer(key);
  if (c.contentType !== null) headers['content-type'] = c.contentType;
  if (c.idempotencyKey !== undefined) headers['idempotency-key'] = c.idempotencyKey;
  return headers;
}

interface Failure {
  label: string;
  problem: string;
  payload: string;
}

function summarize(failures: Failure[]): Failure[] {
  // One example per kind of failure keeps the report readable.
  const seen = new Set<string>();
  return failures.filter((f) => {
    const kind = `${f.label}|${f.problem.slice(0, 40)}`;
    if (seen.has(kind)) return false;
    seen.add(kind);
    return true;
  });
}

// ---------------------------------------------------------------------------------------------------------

/** Stores a scored `outcome` result on a conversation, as the worker would, so feedback on it is accepted. */
async function giveOutcomeResult(t: TestApp, conversationId: string): Promise<void> {
  await createConversationRepo(t.store).replaceResults(
    { projectId: t.projectId, environment: 'test' },
    conversationId,
    'resolved',
    [
      {
        check_key: 'outcome',
        check_name: 'Outcome',
        check_version: 1,
        check_status: 'active',
        score: null,
        verdict: 'pass',
        choice: 'resolved',
        decided_by: 'rule',
        reason: 'The caller was helped.',
        evidence_turns: [2],
        scorer_version: 'test',
        latency_ms: 1,
      },
    ],
  );
}

const RUNS: Array<{ backend: TestBackend; conversations: number; feedback: number }> = [
  { backend: sqliteBackend, conversations: 1000, feedback: 300 },
  { backend: postgresBackend, conversations: 100, feedback: 50 },
];

describe.each(RUNS)('fuzzing the API on $backend.name', ({ backend, conversations, feedback }) => {
  let t: TestApp;
  let conversationId: string;
  let externalId: string;

  beforeAll(async () => {
    if (!backend.available) return;
    t = await startTestApp(backend);
    const body = conversationBody();
    externalId = body.external_id as string;
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/conversations',
      headers: bearer(t.keys.testFull),
      payload: body,
    });
    conversationId = created.json().id;
    // Give the conversation one scored result, so that valid feedback on `outcome` is accepted.
    await giveOutcomeResult(t, conversationId);
  });
  afterAll(async () => t?.close());

  it.skipIf(!backend.available)(
    `POST /v1/conversations: ${conversations} malformed bodies get 400, 413 or 422 with the envelope`,
    async () => {
      const cases = fc.sample(conversationCase, { seed: SEED, numRuns: conversations });
      const failures: Failure[] = [];
      const statuses: Record<number, number> = {};
      for (const c of cases) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/v1/conversations',
          headers: headersFor(t.keys.testFull, c),
          payload: c.payload,
        });
        statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
        let expected = expectedFor(c.payload, conversationProblems);
        if ('badKey' in c && expected.kind === 'accepted')
          expected = { kind: 'invalid', problems: ['headers.Idempotency-Key'] };
        const problem = mismatch(response, expected, [200, 202]);
        if (problem) failures.push({ label: c.label, problem, payload: preview(c.payload) });
      }
      expect(summarize(failures)).toEqual([]);
      // The mix really did exercise every answer.
      for (const status of [202, 400, 413, 422]) expect(statuses[status] ?? 0).toBeGreaterThan(0);
    },
    60_000,
  );

  it.skipIf(!backend.available)(
    `POST /v1/conversations/{id}/feedback: ${feedback} malformed bodies get 400, 413 or 422 with the envelope`,
    async () => {
      const cases = fc.sample(feedbackCase, { seed: SEED + 1, numRuns: feedback });
      const failures: Failure[] = [];
      for (const [i, c] of cases.entries()) {
        const target = i % 2 === 0 ? conversationId : externalId;
        const response = await t.app.inject({
          method: 'POST',
          url: `/v1/conversations/${encodeURIComponent(target)}/feedback`,
          headers: headersFor(t.keys.testFull, c),
          payload: c.payload,
        });
        const expected = expectedFor(c.payload, feedbackProblems);
        let accepted = [201];
        if (expected.kind === 'accepted') {
          const body = JSON.parse(c.payload.toString('utf8').replace(/^\ufeff/, '')) as { check_key: string };
          // Only `outcome` has a result on this conversation: other keys are 404 "no result for check".
          if (body.check_key !== 'outcome') accepted = [404];
        }
        const problem = mismatch(response, expected, accepted, 'not_found');
        if (problem) failures.push({ label: c.label, problem, payload: preview(c.payload) });
      }
      expect(summarize(failures)).toEqual([]);
    },
    60_000,
  );
});

/**
 * Inputs found while fuzzing, each on its own so a failure names its cause. Stored strings with a NUL
 * character, nesting deeper than JSON.stringify can recurse, and malformed percent-encoding in the path.
 */
describe.each(backends)('edge inputs on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    if (backend.available) t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  const post = (payload: string, url = '/v1/conversations') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(t.keys.testFull), 'content-type': 'application/json' },
      payload,
    });

  function expectStoredOrRefused(response: LightMyRequestResponse): void {
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect([202, 422]).toContain(response.statusCode);
    if (response.statusCode === 422) expect(response.json().error.type).toBe('validation_error');
  }

  it.skipIf(!backend.available)('a NUL character in stored strings is kept or refused, never a 5xx', async () => {
    const cases = [
      conversationBody({ external_id: `nul-\u0000-${Date.now()}` }),
      conversationBody({ agent: { id: 'nul-agent', name: 'A\u0000B', version: 'v\u00001' } }),
      conversationBody({ group: { id: 'nul-group', name: 'G\u0000' } }),
      conversationBody({ transcript: [{ speaker: 'user', text: 'NUL \u0000 in text' }] }),
    ];
    for (const body of cases) {
      const response = await post(JSON.stringify(body));
      expectStoredOrRefused(response);
      if (response.statusCode === 202) {
        const read = await t.app.inject({
          method: 'GET',
          url: `/v1/conversations/${response.json().id}`,
          headers: bearer(t.keys.testFull),
        });
        expect(read.statusCode).toBe(200);
        expect(read.json().external_id).toBe(body.external_id);
        expect(read.json().transcript).toEqual(body.transcript);
      }
    }
  });

  it.skipIf(!backend.available)('a NUL character in feedback is kept or refused, never a 5xx', async () => {
    const created = await post(JSON.stringify(conversationBody()));
    expect(created.statusCode).toBe(202);
    const id = created.json().id as string;
    await giveOutcomeResult(t, id);
    const url = `/v1/conversations/${id}/feedback`;
    const withNote = await post(JSON.stringify({ check_key: 'outcome', verdict: 'fail', note: 'N\u0000te' }), url);
    expect(withNote.statusCode, withNote.body).toBeLessThan(500);
    expect([201, 422]).toContain(withNote.statusCode);
    const withKey = await post(JSON.stringify({ check_key: 'out\u0000come', verdict: 'fail' }), url);
    expect(withKey.statusCode, withKey.body).toBeLessThan(500);
    expect([404, 422]).toContain(withKey.statusCode);
  });

  it.skipIf(!backend.available)('a NUL character in a looked-up id answers 404, never a 5xx', async () => {
    const read = await t.app.inject({
      method: 'GET',
      url: '/v1/conversations/no%00such',
      headers: bearer(t.keys.testFull),
    });
    expect(read.statusCode, read.body).toBe(404);
    expect(read.json().error.type).toBe('not_found');
    const feedback = await post(
      JSON.stringify({ check_key: 'outcome', verdict: 'pass' }),
      '/v1/conversations/no%00such/feedback',
    );
    expect(feedback.statusCode, feedback.body).toBe(404);
    expect(feedback.json().error.type).toBe('not_found');
  });

  it.skipIf(!backend.available)(
    'metadata and event properties nested 100,000 deep are refused or kept, never a 5xx',
    async () => {
      const depth = 100_000;
      const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
      const inMetadata = JSON.stringify(conversationBody({ metadata: { deep: 0 } })).replace(
        '"deep":0',
        `"deep":${deep}`,
      );
      expectStoredOrRefused(await post(inMetadata));
      const inEvent = JSON.stringify(conversationBody({ events: [{ type: 'note', deep: 0 }] })).replace(
        '"deep":0',
        `"deep":${deep}`,
      );
      expectStoredOrRefused(await post(inEvent));
    },
  );

  it.skipIf(!backend.available)('an empty body is invalid_json whatever the Content-Type says', async () => {
    for (const contentType of ['application/json', 'text/plain', undefined]) {
      const headers: Record<string, string> = bearer(t.keys.testFull);
      if (contentType) headers['content-type'] = contentType;
      for (const url of ['/v1/conversations', '/v1/conversations/any/feedback']) {
        const response = await t.app.inject({ method: 'POST', url, headers, payload: '' });
        expect(response.statusCode, `${url} with Content-Type ${contentType}: ${response.body}`).toBe(400);
        expect(response.json().error.type).toBe('invalid_json');
      }
    }
  });

  it.skipIf(!backend.available)('malformed percent-encoding in a /v1 path answers the JSON envelope', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/conversations/%E0%A4%A',
      headers: bearer(t.keys.testFull),
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    const body = response.json();
    expect(typeof body.error?.type).toBe('string');
    expect(body.error.request_id).toBe(response.headers['service-request-id']);
  });
});
