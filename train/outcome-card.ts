/** The resolution model's card (models/outcome.md): what it weighs, what it learned from, how it did. */
import { HAND_OUTCOME_WEIGHTS, OUTCOME_FEATURES, type OutcomeWeights } from '../src/scoring/model/outcome-weights.js';
import { OUTCOME_TRAINING_SETS } from './outcome-data.js';
import { type OutcomeSetFigures, pooled } from './outcome-figures.js';
import { OUTCOME_REGRESSION_OPTIONS } from './outcome-regression.js';

function figuresTable(figures: readonly OutcomeSetFigures[]): string {
  const row = (set: OutcomeSetFigures) =>
    `| ${set.name} | ${set.conversations} | ${set.hand.toFixed(3)} | ${set.learned.toFixed(3)} |`;
  return [
    '| left-out set | conversations | hand-set weights | learned from the other sets |',
    '| --- | --- | --- | --- |',
    ...figures.map(row),
    row(pooled(figures)),
  ].join('\n');
}

function weightsTable(weights: OutcomeWeights): string {
  return [
    '| sign | hand-set | learned |',
    '| --- | --- | --- |',
    `| (bias) | ${HAND_OUTCOME_WEIGHTS.bias} | ${weights.bias} |`,
    ...OUTCOME_FEATURES.map(
      (feature) => `| \`${feature}\` | ${HAND_OUTCOME_WEIGHTS.weights[feature]} | ${weights.weights[feature]} |`,
    ),
  ].join('\n');
}

export function outcomeCard(
  weights: OutcomeWeights,
  conversations: number,
  figures: readonly OutcomeSetFigures[],
  date: string,
): string {
  return `# outcome.json: the resolution model's weights

How much each sign counts towards "the caller did not get what they came for", the \`outcome\` check's choice
between \`resolved\` and \`unresolved\` (\`src/scoring/model/resolution.ts\`). The signs are read by rules
(\`src/scoring/model/resolution-signals.ts\`): how the agent left things, a concrete answer, the caller's goodbye,
loops, unanswered questions, the tool calls, the caller's frustration score. Calls the engine takes for a sales
pitch, handovers and unmet requests for a person are decided before this model.

- **Source**: ${conversations} labelled development conversations (\`resolved\` or \`unresolved\`, and decided by this
  model) from \`eval/\`: ${OUTCOME_TRAINING_SETS.map((set) => `\`${set}\``).join(', ')}. Written by several hands for
  this project (each set's README says how). The sealed batches still waiting for their runs are never read.
- **Licence**: the project's own data.
- **Trained**: ${date}, by \`npm run train\` (\`train/outcome-regression.ts\`), after the turn, booking-act and
  dissatisfaction models, whose readings the signs use.
- **Model**: logistic regression over the ${OUTCOME_FEATURES.length} signs (each 0 to 1), full-batch gradient descent from the hand-set
  weights and pulled back towards them (options \`${JSON.stringify(OUTCOME_REGRESSION_OPTIONS)}\`), weights rounded to 3
  decimals: a sign seen rarely keeps about the weight a person gave it.

## Across sets

Each set left out in turn: weights learned from the other sets, measured on it (accuracy of \`resolved\` against
\`unresolved\`), beside the hand-set weights.

${figuresTable(figures)}

## Weights

${weightsTable(weights)}

## Limits

Re-weighing the signs gains little across sets: most of the outcome's errors are signs read wrongly (a plain
"no, we're closed on Tuesdays" read as a refusal, a callback read as the task done), not signs weighed wrongly.
Words of the closing turns as extra features were tried and gained nothing across sets (decisions.md).
`;
}
