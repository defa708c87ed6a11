/**
 * What the service must answer to a request body, decided from the specification and DESIGN.md alone
 * (not from the service's own schemas), so the fuzz tests can tell a wrong answer from a right one.
 */
import { Buffer } from 'node:buffer';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export type Expected =
  /** Stored (202) or already there (200); for feedback: 201, or 404 when the check has no result. */
  | { kind: 'accepted' }
  | { kind: 'status'; status: 400 | 413; type: 'invalid_json' | 'payload_too_large' }
  | { kind: 'invalid'; problems: string[] };

const SPEAKERS = ['agent', 'user', 'human_agent'];
const CHANNELS = ['voice', 'chat'];
const ENDED_BY = ['agent', 'caller', 'user', 'human_agent', 'timeout', 'system'];
const RESOURCE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
const LIMITS = {
  externalId: 200,
  name: 120,
  version: 60,
  turns: 10_000,
  turnText: 20_000,
  events: 10_000,
  metadataBytes: 64 * 1024,
  note: 1_000,
};

const MAX_DEPTH = 64;

type Obj = Record<string, unknown>;

/** Whether objects or arrays nest more than `limit` levels below the value itself. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}
export const isPlainObject = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const has = (object: Obj, key: string) => Object.hasOwn(object, key);
/** Lengths are in characters (code points): an emoji is one character, as a person counts it. */
const chars = (value: string) => [...value].length;

/** ISO 8601 date-time with seconds and an offset (Z or ±hh:mm), on a real calendar day. */
export function isIsoDateTimeWithOffset(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|([+-])(\d{2}):(\d{2}))$/.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as number[];
  const leap = (year as number) % 4 === 0 && ((year as number) % 100 !== 0 || (year as number) % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][(month as number) - 1];
  if (days === undefined || (day as number) < 1 || (day as number) > days) return false;
  if ((hour as number) > 23 || (minute as number) > 59 || (second as number) > 59) return false;
  if (match[9] !== undefined && (Number(match[10]) > 23 || Number(match[11]) > 59)) return false;
  return true;
}

/** Keys that would poison prototypes; the service refuses such bodies as invalid JSON. */
/**
 * Dotted paths of keys that could poison a prototype (`__proto__`, or `constructor` holding `prototype`): valid
 * JSON, refused as a validation error naming where they are (issue 19; before, they answered "not valid JSON").
 */
export function poisonKeyPaths(value: unknown): string[] {
  const found: string[] = [];
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0) {
    const [node, path] = stack.pop() as [unknown, string];
    if (node === null || typeof node !== 'object') continue;
    for (const key of Object.keys(node)) {
      const child = (node as Obj)[key];
      const at = path === '' ? key : `${path}.${key}`;
      const poisoning =
        key === '__proto__' || (key === 'constructor' && isPlainObject(child) && has(child, 'prototype'));
      if (poisoning) found.push(at);
      else stack.push([child, at]);
    }
  }
  return found;
}

/** Size, then JSON, then the body's shape: the order the service checks in. */
export function expectedFor(payload: Buffer, shapeProblems: (body: unknown) => string[]): Expected {
  if (payload.length > BODY_LIMIT_BYTES) return { kind: 'status', status: 413, type: 'payload_too_large' };
  let text = payload.toString('utf8');
  if (text.startsWith('\ufeff')) text = text.slice(1);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { kind: 'status', status: 400, type: 'invalid_json' };
  }
  const poisoned = poisonKeyPaths(body);
  if (poisoned.length > 0) return { kind: 'invalid', problems: poisoned };
  const problems = shapeProblems(body);
  return problems.length === 0 ? { kind: 'accepted' } : { kind: 'invalid', problems };
}

function optionalString(object: Obj, key: string, path: string, problems: string[], min = 0, max = Infinity): void {
  if (!has(object, key)) return;
  const value = object[key];
  if (typeof value !== 'string' || chars(value) < min || chars(value) > max) problems.push(path);
}

const isSafeInteger = (value: unknown): value is number => Number.isSafeInteger(value);

/** The dotted paths of everything wrong with a conversation body (`_root` for the body itself). */
export function conversationProblems(body: unknown): string[] {
  if (!isPlainObject(body)) return ['_root'];
  const problems: string[] = [];

  const externalId = body.external_id;
  if (typeof externalId !== 'string' || chars(externalId) < 1 || chars(externalId) > LIMITS.externalId)
    problems.push('external_id');
  if (typeof body.channel !== 'string' || !CHANNELS.includes(body.channel)) problems.push('channel');
  for (const key of ['started_at', 'ended_at']) {
    if (has(body, key) && !(typeof body[key] === 'string' && isIsoDateTimeWithOffset(body[key] as string)))
      problems.push(key);
  }
  if (has(body, 'ended_by') && !(typeof body.ended_by === 'string' && ENDED_BY.includes(body.ended_by)))
    problems.push('ended_by');

  if (has(body, 'agent')) {
    const agent = body.agent;
    if (!isPlainObject(agent)) problems.push('agent');
    else {
      if (has(agent, 'id') && !(typeof agent.id === 'string' && RESOURCE_ID.test(agent.id))) problems.push('agent.id');
      optionalString(agent, 'name', 'agent.name', problems, 1, LIMITS.name);
      optionalString(agent, 'version', 'agent.version', problems, 0, LIMITS.version);
    }
  }
  if (has(body, 'group')) {
    const group = body.group;
    if (!isPlainObject(group)) problems.push('group');
    else {
      if (!(typeof group.id === 'string' && RESOURCE_ID.test(group.id))) problems.push('group.id');
      optionalString(group, 'name', 'group.name', problems, 1, LIMITS.name);
    }
  }

  const transcript = body.transcript;
  if (!Array.isArray(transcript) || transcript.length < 1 || transcript.length > LIMITS.turns) {
    problems.push('transcript');
  }
  if (Array.isArray(transcript)) {
    for (const [i, turn] of transcript.entries()) {
      const at = `transcript.${i}`;
      if (!isPlainObject(turn)) {
        problems.push(at);
        continue;
      }
      if (typeof turn.speaker !== 'string' || !SPEAKERS.includes(turn.speaker)) problems.push(`${at}.speaker`);
      if (typeof turn.text !== 'string' || chars(turn.text) < 1 || chars(turn.text) > LIMITS.turnText)
        problems.push(`${at}.text`);
      for (const key of ['start_ms', 'end_ms']) {
        if (has(turn, key) && !(isSafeInteger(turn[key]) && (turn[key] as number) >= 0)) problems.push(`${at}.${key}`);
      }
      if (has(turn, 'asr_confidence')) {
        const c = turn.asr_confidence;
        if (!(typeof c === 'number' && Number.isFinite(c) && c >= 0 && c <= 1)) problems.push(`${at}.asr_confidence`);
      }
    }
  }

  if (has(body, 'events')) {
    const events = body.events;
    if (!Array.isArray(events) || events.length > LIMITS.events) problems.push('events');
    if (Array.isArray(events)) {
      for (const [i, event] of events.entries()) {
        const at = `events.${i}`;
        if (!isPlainObject(event)) {
          problems.push(at);
          continue;
        }
        if (typeof event.type !== 'string' || chars(event.type) < 1) problems.push(`${at}.type`);
        for (const key of ['name', 'status', 'target']) optionalString(event, key, `${at}.${key}`, problems);
        if (has(event, 'at_ms') && !isSafeInteger(event.at_ms)) problems.push(`${at}.at_ms`);
        // docs/decisions.md: JSON kept as sent may nest at most 64 levels (checked once the fields are right).
        if (!problems.some((p) => p.startsWith(at)) && nestsDeeperThan(event, MAX_DEPTH)) problems.push(at);
      }
    }
  }

  if (has(body, 'metadata')) {
    const metadata = body.metadata;
    if (
      !isPlainObject(metadata) ||
      nestsDeeperThan(metadata, MAX_DEPTH) ||
      Buffer.byteLength(JSON.stringify(metadata)) > LIMITS.metadataBytes
    )
      problems.push('metadata');
  }

  // A rule across fields: checked once the fields themselves are right.
  if (problems.length === 0 && body.ended_by === 'timeout' && body.channel !== 'chat') problems.push('ended_by');
  return problems;
}

/** The dotted paths of everything wrong with a feedback body. */
export function feedbackProblems(body: unknown): string[] {
  if (!isPlainObject(body)) return ['_root'];
  const problems: string[] = [];
  if (typeof body.check_key !== 'string' || chars(body.check_key) < 1) problems.push('check_key');
  if (body.verdict !== 'pass' && body.verdict !== 'fail') problems.push('verdict');
  optionalString(body, 'note', 'note', problems, 0, LIMITS.note);
  return problems;
}
