/**
 * The labelled turns the turn models learn from: turns written by several writers, each in a file of their
 * own (train/data/turns/writer-*.json, labelled by the definitions in train/data/turns/README.md); the
 * development set's turns that its conversation-level labels make negatives (a conversation whose caller
 * never asked for a person has no turn asking for one); and the rated corpora's calm turns, negatives for
 * `frustrated`.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { type EvalCase, loadDataset } from '../eval/dataset.js';
import {
  asReadFor,
  speaksFor,
  TURN_LABELS,
  type TurnLabel,
  turnLabelFeatures,
} from '../src/scoring/model/turn-labels.js';
import type { UssDialogue } from './corpora.js';
import { turnRating } from './dissatisfaction-data.js';
import type { Example } from './softmax-regression.js';
import { readWriterFiles } from './writer-files.js';

export const TURNS_DIRECTORY = join(import.meta.dirname, 'data', 'turns');
/** Turns by writers the turn models never learn from: only measured on (see its README). */
export const HELD_OUT_TURNS_DIRECTORY = join(import.meta.dirname, 'data', 'turns-held-out');
export const DEVELOPMENT_SET_DIRECTORY = join(import.meta.dirname, '..', 'eval', 'data');

/** Labels the writers used; those without a model of their own are turns that do not do what a modelled label names. */
const WRITTEN_LABELS = [...Object.keys(TURN_LABELS), 'admits_ai', 'dodges_identity'] as const;

const writtenTurn = z.object({
  side: z.enum(['caller', 'agent']),
  channel: z.enum(['voice', 'chat']),
  context: z.string(),
  text: z.string().min(1),
  labels: z.array(z.enum(WRITTEN_LABELS)),
});

export interface LabelledTurn {
  /** Who wrote it: a writer's letter, `dev` for the development set, `uss` for the rated corpora. */
  source: string;
  /** The development case it comes from, so that figures can hold out whole conversations. */
  caseId?: string;
  side: 'caller' | 'agent';
  text: string;
  context: string;
  /** The labels that apply; for a `dev` or `uss` turn, `negativeFor` says which labels are known not to. */
  labels: ReadonlySet<string>;
  negativeFor: ReadonlySet<TurnLabel> | 'all';
}

export function readWrittenTurns(directory: string = TURNS_DIRECTORY): LabelledTurn[] {
  return readWriterFiles(directory, writtenTurn).flatMap(({ writer, items }) =>
    items.map((turn) => ({ source: writer, ...turn, labels: new Set(turn.labels), negativeFor: 'all' as const })),
  );
}

/** Which labels a development case's conversation-level labels rule out for every turn of one side. */
function labelsRuledOut(item: EvalCase, side: 'caller' | 'agent'): Set<TurnLabel> {
  const ruledOut = new Set<TurnLabel>();
  const { expected } = item;
  if (side === 'caller') {
    if (expected.person_request_honored === 'not_applicable') ruledOut.add('asks_for_person');
    if (expected.real_inquiry === 'met') ruledOut.add('not_customer');
    if (expected.frustration === 'pass') ruledOut.add('frustrated');
  } else if (expected.ai_disclosure === 'pass') {
    ruledOut.add('claims_human');
  }
  return ruledOut;
}

export function developmentNegatives(cases: readonly EvalCase[]): LabelledTurn[] {
  const turns: LabelledTurn[] = [];
  for (const item of cases) {
    item.transcript.forEach((turn, index) => {
      const side = turn.speaker === 'user' ? 'caller' : turn.speaker === 'agent' ? 'agent' : null;
      if (!side) return;
      const negativeFor = labelsRuledOut(item, side);
      if (negativeFor.size === 0) return;
      const before = item.transcript[index - 1];
      const context = before && before.speaker !== turn.speaker ? before.text : '';
      turns.push({ source: 'dev', caseId: item.id, side, text: turn.text, context, labels: new Set(), negativeFor });
    });
  }
  return turns;
}

/** A rated turn at or above this mean was not dissatisfied with what the system had just done. */
const CONTENT_AT_LEAST = 3;

/**
 * User turns of the satisfaction-rated corpora (their training parts only) that the raters did not find
 * dissatisfied: negatives for `frustrated`. They teach the model that a caller disliking a film, a product or
 * their own situation ("I hate horror movies", "my boiler died") is not fed up with the service.
 */
export function contentTurns(dialogues: readonly UssDialogue[]): LabelledTurn[] {
  const turns: LabelledTurn[] = [];
  for (const dialogue of dialogues) {
    dialogue.turns.forEach((turn, index) => {
      const rating = turnRating(dialogue, index);
      if (turn.speaker !== 'user' || rating === null || rating < CONTENT_AT_LEAST) return;
      const before = dialogue.turns[index - 1];
      const context = before && before.speaker !== 'user' ? before.text : '';
      const negativeFor = new Set<TurnLabel>(['frustrated']);
      turns.push({ source: 'uss', side: 'caller', text: turn.text, context, labels: new Set(), negativeFor });
    });
  }
  return turns;
}

/** Corpus turns: negatives by the raters' word, many and mostly easy, so training keeps the mistaken ones. */
export function isCorpusTurn(turn: LabelledTurn): boolean {
  return turn.source === 'uss';
}

/**
 * Everything the turn models learn from: the written turns, the development set's negatives and the rated
 * corpora's training parts (never their held-out parts).
 */
export function turnTrainingSet(ratedTrainingDialogues: readonly UssDialogue[]): LabelledTurn[] {
  return [
    ...readWrittenTurns(),
    ...developmentNegatives(loadDataset(DEVELOPMENT_SET_DIRECTORY)),
    ...contentTurns(ratedTrainingDialogues),
  ];
}

/** The turns that teach `label` something: the label's side, and either labelled by a writer or ruled out. */
export function turnsFor(label: TurnLabel, turns: readonly LabelledTurn[]): LabelledTurn[] {
  return turns.filter(
    (turn) =>
      speaksFor(label, turn.side === 'caller' ? 'user' : 'agent') &&
      (turn.negativeFor === 'all' || turn.negativeFor.has(label)),
  );
}

/** Two classes, `other` (0) and the label (1). */
export function turnLabelExamples(label: TurnLabel, turns: readonly LabelledTurn[]): Example[] {
  return turnsFor(label, turns).map((turn) => ({
    features: turnLabelFeatures(asReadFor(label, turn)),
    label: turn.labels.has(label) ? 1 : 0,
  }));
}
