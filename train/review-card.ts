/** A review model's card (models/non-customer.md, models/frustrated-caller.md): what it reads, learned and did. */
import type { LinearModelFile } from '../src/scoring/model/linear-model.js';
import { REVIEW_TRAINING_SETS } from './review-data.js';
import { type Mistakes, pooledReviewFigures, REVIEW_OPTIONS, type ReviewSetFigures } from './review-model.js';
import type { ReviewSpec } from './review-specs.js';

const mistakes = (figures: Mistakes) =>
  `${figures.falseAlarms + figures.misses} (${figures.falseAlarms} / ${figures.misses})`;

function figuresTable(spec: ReviewSpec, figures: readonly ReviewSetFigures[]): string {
  const row = (set: ReviewSetFigures) =>
    `| ${set.name} | ${set.conversations} | ${set.problems} | ${mistakes(set.rule)} | ${mistakes(set.reviewed)} |`;
  return [
    `| left-out set | conversations | ${spec.card.problems} | the rule: wrong (false alarms / misses) | reviewed by the model learned from the other sets |`,
    '| --- | --- | --- | --- | --- |',
    ...figures.map(row),
    row(pooledReviewFigures(figures)),
  ].join('\n');
}

export function reviewCard(
  spec: ReviewSpec,
  model: LinearModelFile,
  conversations: number,
  figures: readonly ReviewSetFigures[],
  date: string,
): string {
  return `# ${spec.card.title}

${spec.card.about}

- **Source**: ${conversations} labelled development conversations (\`${spec.check}\` \`${spec.classes[0]}\` or \`${spec.classes[1]}\`) from \`eval/\`:
  ${REVIEW_TRAINING_SETS.map((set) => `\`${set}\``).join(', ')}. Written by many hands for this project (each
  set's README says how). The sealed batches still waiting for their runs are never read.
- **Licence**: the project's own data.
- **Trained**: ${date}, by \`npm run train\` (\`train/review-model.ts\`), after the models its rule reads with, from
  the rule's finding as it is (a change to the rule calls for training again).
- **Model**: logistic regression (\`train/softmax-regression.ts\`, options \`${JSON.stringify(REVIEW_OPTIONS)}\`)
  over ${model.features.length} features (\`src/scoring/model/conversation-review.ts\`): the words and word pairs of
  the caller's first turn, of every caller turn and of every other turn, each under its own prefix; the rule's
  verdict and its score in quarters; the events' types.

## Across sets

Each set left out in turn: a model trained on the other sets reviews the rule on it, as the service does. A set is
written by its own hands, so this is the nearest the development data comes to language the model has not seen;
the round's sealed batch measures it on new hands. The thresholds and the penalty were chosen on these figures, so
they flatter the choice a little; no model here saw the set it is measured on.

${figuresTable(spec, figures)}

## Limits

- The rule's verdict and score are among the model's features, so the model learns where the rule goes wrong on
  these sets; it must be trained again whenever the rule changes (\`npm run train\` reads the rule as it is).
- A few thousand conversations from ${REVIEW_TRAINING_SETS.length} sets: wordings unlike any of them are read by their
  likeness to those, and the reason's "words that weighed most" say what pulled the model, not why a person would
  agree.
- On a conversation it learned from, the model is all but certain (it has the words to tell each apart), so the
  figures of \`npm run eval:spent\` on these sets flatter it; the table above is the measure.
`;
}
