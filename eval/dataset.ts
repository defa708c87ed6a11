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

export function toConversation(item: EvalCase): ScorableConversation {
  return {
    channel: item.channel,
    ended_by: item.ended_by ?? null,
    transcript: item.transcript,
    events: item.events,
    metadata: {},
  };
}
