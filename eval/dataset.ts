/** Loads the labelled development set (eval/data/*.json), checked against its schema. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { BUILTIN_CHECK_KEYS, VERDICTS } from '../src/domain/checks.js';
import { CHANNELS, ENDED_BY, type ScorableConversation, SPEAKERS } from '../src/domain/conversation.js';

const turn = z.object({
  speaker: z.enum(SPEAKERS),
  text: z.string().min(1),
  start_ms: z.number().int().optional(),
  end_ms: z.number().int().optional(),
  asr_confidence: z.number().min(0).max(1).optional(),
});

const event = z.looseObject({
  type: z.string().min(1),
  name: z.string().optional(),
  status: z.string().optional(),
  target: z.string().optional(),
  at_ms: z.number().int().optional(),
  /** The turn during which the event happened (eval files only; see placedByTime). */
  at_turn: z.number().int().min(0).optional(),
});

const OUTCOME_LABELS = ['resolved', 'unresolved', 'escalated', 'not_real_inquiry', 'uncertain'] as const;

const evalCase = z.object({
  id: z.string().min(1),
  domain: z.string(),
  channel: z.enum(CHANNELS),
  ended_by: z.enum(ENDED_BY).nullable().optional(),
  note: z.string().optional(),
  transcript: z.array(turn).min(1),
  events: z.array(event).default([]),
  expected: z
    .partialRecord(z.enum(BUILTIN_CHECK_KEYS), z.string())
    .refine(
      (labels) =>
        Object.entries(labels).every(([key, label]) =>
          key === 'outcome'
            ? (OUTCOME_LABELS as readonly string[]).includes(label)
            : (VERDICTS as readonly string[]).includes(label),
        ),
      'each label must be a verdict (or, for outcome, a choice)',
    ),
});

export type EvalCase = z.infer<typeof evalCase> & { file: string };

export function loadDataset(directory: string): EvalCase[] {
  const cases: EvalCase[] = [];
  for (const file of readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const parsed = z.array(evalCase).safeParse(JSON.parse(readFileSync(join(directory, file), 'utf8')));
    if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
    cases.push(...parsed.data.map((item) => ({ ...item, file })));
  }
  const seen = new Set<string>();
  for (const item of cases) {
    if (seen.has(item.id)) throw new Error(`duplicate case id ${item.id}`);
    seen.add(item.id);
  }
  return cases;
}

/** Spacing of the timings given to an untimed transcript whose events name their turn: 10 s a turn, 8 s spoken. */
const TURN_SPACING_MS = 10_000;
const TURN_LENGTH_MS = 8_000;

/**
 * Some eval files (written by people who think in turns, not milliseconds) place an event with `at_turn`, the
 * index of the turn during which it happened. The API has no such field: events are placed by `at_ms` against
 * the turns' `start_ms`/`end_ms`. So such a case is sent as a client would send it: every turn timed (when it
 * is not already), and each event placed in the middle of its turn, in the order the events are listed.
 */
function placedByTime(item: EvalCase): Pick<ScorableConversation, 'transcript' | 'events'> {
  if (!item.events.some((event) => typeof event.at_turn === 'number')) {
    return { transcript: item.transcript, events: item.events };
  }
  const transcript = item.transcript.map((turn, index) => ({
    ...turn,
    start_ms: turn.start_ms ?? index * TURN_SPACING_MS,
    end_ms: turn.end_ms ?? index * TURN_SPACING_MS + TURN_LENGTH_MS,
  }));
  // Events in one turn keep their order (a failed call, then its retry): one millisecond apart.
  const events = item.events.map(({ at_turn, ...event }, position) => {
    const turn = typeof at_turn === 'number' ? transcript[at_turn] : undefined;
    if (!turn || event.at_ms !== undefined) return event;
    return { ...event, at_ms: Math.round((turn.start_ms + turn.end_ms) / 2) + position };
  });
  return { transcript, events };
}

export function toConversation(item: EvalCase): ScorableConversation {
  return {
    channel: item.channel,
    ended_by: item.ended_by ?? null,
    ...placedByTime(item),
    metadata: {},
  };
}
