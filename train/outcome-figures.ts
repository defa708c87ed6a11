/**
 * How the learned resolution weights do on conversations from hands they did not learn from: each training set
 * left out in turn, the weights fitted on the others and measured on it, beside the hand-set weights.
 */
import { HAND_OUTCOME_WEIGHTS } from '../src/scoring/model/outcome-weights.js';
import type { OutcomeSet } from './outcome-data.js';
import { fitOutcomeWeights, outcomeAccuracy } from './outcome-regression.js';

export interface OutcomeSetFigures {
  name: string;
  conversations: number;
  /** Accuracy of resolved against unresolved, with the hand-set weights. */
  hand: number;
  /** The same with weights learned from the other sets. */
  learned: number;
}

export function leaveOneSetOutFigures(sets: readonly OutcomeSet[]): OutcomeSetFigures[] {
  return sets.map((held) => {
    const weights = fitOutcomeWeights(
      sets.filter((set) => set !== held).flatMap((set) => set.examples),
      HAND_OUTCOME_WEIGHTS,
    );
    return {
      name: held.name,
      conversations: held.examples.length,
      hand: outcomeAccuracy(HAND_OUTCOME_WEIGHTS, held.examples),
      learned: outcomeAccuracy(weights, held.examples),
    };
  });
}

/** The figures over all sets together, each conversation counted once. */
export function pooled(figures: readonly OutcomeSetFigures[]): OutcomeSetFigures {
  const conversations = figures.reduce((sum, set) => sum + set.conversations, 0);
  const weighted = (pick: (set: OutcomeSetFigures) => number) =>
    figures.reduce((sum, set) => sum + pick(set) * set.conversations, 0) / Math.max(1, conversations);
  return { name: 'all', conversations, hand: weighted((set) => set.hand), learned: weighted((set) => set.learned) };
}
