/**
 * The weights of the resolution model: how much each sign of an unmet request counts. The signs are read by
 * rules (resolution-signals.ts); their weights are learned by `npm run train` from the labelled development
 * conversations (models/outcome.json), starting from, and pulled towards, the hand-set weights below, which are
 * also what scoring uses without trained models.
 */
import { z } from 'zod';

/** Each sign, valued 0 to 1 (a sign-off counts as much as its turn was heard clearly). */
export const OUTCOME_FEATURES = [
  'agentUnable',
  'agentDeferred',
  /** "Not yet", "still processing". */
  'agentNotYet',
  /** The caller's question got a concrete answer, and the agent did not end on a refusal or a deferral. */
  'answered',
  /** A concrete answer came, but the agent ended on a refusal or a deferral ("we're closed Tuesdays, I'm afraid"). */
  'answeredDespiteStall',
  'offeredMore',
  'agentDone',
  'bookingFailed',
  /** A booking call went through: what most callers who talk about bookings came for. */
  'bookingMade',
  /** The only booking call never finished. */
  'bookingPending',
  'toolSucceeded',
  /** A callback, a message, a waitlist place or a ticket: the request is passed on, not met. */
  'handedOn',
  /** A tool failed and nothing made up for it: a reset link that never went out, a refund request that failed. */
  'toolFailed',
  'satisfiedSignOff',
  /** Thanks alone after a refusal or a deferral: politeness more than satisfaction. */
  'ritualSignOffAfterStall',
  'unsatisfiedSignOff',
  /** "I'll call back" after the agent could not help. */
  'deferredSignOff',
  'unansweredQuestion',
  'repeatedAgentTurn',
  /** The agent's last words ask the caller for something, and no answer came. */
  'awaitingCaller',
  /** Neither a finished task nor a satisfied goodbye nor a concrete answer. */
  'noClosure',
  /** The caller's frustration score. */
  'frustration',
  /** The conversation timed out rather than being ended by either side. */
  'endedByTimeout',
] as const;

export type OutcomeFeature = (typeof OUTCOME_FEATURES)[number];
export type OutcomeFeatureValues = Record<OutcomeFeature, number>;

export interface OutcomeWeights {
  /** Log-odds that the caller did not get what they came for, before any sign. */
  bias: number;
  weights: OutcomeFeatureValues;
}

/** Set by hand on the first development set; the starting point and the prior of the learned weights. */
export const HAND_OUTCOME_WEIGHTS: OutcomeWeights = {
  bias: -0.3,
  weights: {
    agentUnable: 1.6,
    agentDeferred: 1.4,
    agentNotYet: 1.4,
    answered: -0.9,
    answeredDespiteStall: 0,
    offeredMore: -0.5,
    agentDone: -1.3,
    bookingFailed: 3.5,
    bookingMade: -1.0,
    bookingPending: 2.5,
    toolSucceeded: -0.7,
    toolFailed: 2.0,
    handedOn: 0.8,
    satisfiedSignOff: -1.1,
    ritualSignOffAfterStall: -0.55,
    unsatisfiedSignOff: 1.8,
    deferredSignOff: 0.8,
    unansweredQuestion: 1.2,
    repeatedAgentTurn: 1.6,
    awaitingCaller: 1.2,
    noClosure: 0.6,
    frustration: 1.2,
    endedByTimeout: 0,
  },
};

export function noOutcomeFeatures(): OutcomeFeatureValues {
  return Object.fromEntries(OUTCOME_FEATURES.map((feature) => [feature, 0])) as OutcomeFeatureValues;
}

export function outcomeLogit(weights: OutcomeWeights, values: OutcomeFeatureValues): number {
  let logit = weights.bias;
  for (const feature of OUTCOME_FEATURES) logit += weights.weights[feature] * values[feature];
  return logit;
}

const fileSchema = z.strictObject({
  format: z.literal('cqm-outcome-weights/1'),
  bias: z.number(),
  // Every sign the code reads, and no other: a file from another version stops the service at start.
  weights: z.strictObject(
    Object.fromEntries(OUTCOME_FEATURES.map((feature) => [feature, z.number()])) as Record<OutcomeFeature, z.ZodNumber>,
  ),
});

export function parseOutcomeWeights(text: string): OutcomeWeights {
  const file = fileSchema.parse(JSON.parse(text));
  return { bias: file.bias, weights: file.weights };
}

/** The file's text: the signs in the code's order, so that the same weights give the same bytes. */
export function outcomeWeightsText(weights: OutcomeWeights): string {
  const ordered = Object.fromEntries(OUTCOME_FEATURES.map((feature) => [feature, weights.weights[feature]]));
  return `${JSON.stringify({ format: 'cqm-outcome-weights/1', bias: weights.bias, weights: ordered }, null, 2)}\n`;
}
