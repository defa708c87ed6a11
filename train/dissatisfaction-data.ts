/** Training examples for the dissatisfaction model: every rated user turn of USS, dissatisfied at a mean of 2.5 or lower. */
import { type DialogueTurn, dissatisfactionFeatures } from '../src/scoring/model/dissatisfaction.js';
import { mean, type UssDialogue } from './corpora.js';
import type { Example } from './softmax-regression.js';

export const DISSATISFACTION_CLASSES = ['satisfied', 'dissatisfied'] as const;
const DISSATISFIED_AT_MOST = 2.5;

export function dialogueTurns(dialogue: UssDialogue): DialogueTurn[] {
  return dialogue.turns.map((turn) => ({ speaker: turn.speaker === 'user' ? 'user' : 'agent', text: turn.text }));
}

export function turnRating(dialogue: UssDialogue, index: number): number | null {
  const ratings = dialogue.turns[index]?.ratings;
  return ratings && ratings.length > 0 ? mean(ratings) : null;
}

export function isDissatisfiedDialogue(dialogue: UssDialogue): boolean {
  return mean(dialogue.overall_ratings) <= DISSATISFIED_AT_MOST;
}

/** Rated user turns with their features and mean rating. */
export function ratedTurns(dialogue: UssDialogue): { index: number; features: string[]; rating: number }[] {
  const features = dissatisfactionFeatures(dialogueTurns(dialogue));
  const rated: { index: number; features: string[]; rating: number }[] = [];
  for (const [index, turnFeatures] of features) {
    const rating = turnRating(dialogue, index);
    if (rating !== null) rated.push({ index, features: turnFeatures, rating });
  }
  return rated;
}

export function isDissatisfiedRating(rating: number): boolean {
  return rating <= DISSATISFIED_AT_MOST;
}

export function dissatisfactionExamples(dialogues: readonly UssDialogue[]): Example[] {
  return dialogues.flatMap((dialogue) =>
    ratedTurns(dialogue).map((turn) => ({ features: turn.features, label: isDissatisfiedRating(turn.rating) ? 1 : 0 })),
  );
}

/** Whether some user turn of the dialogue was dissatisfied: what the frustration score's probability is of. */
export function dissatisfiedAtSomePoint(dialogue: UssDialogue): boolean {
  return ratedTurns(dialogue).some((turn) => isDissatisfiedRating(turn.rating));
}
