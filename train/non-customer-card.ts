/** The non-customer model's card (models/non-customer.md): what it reads, what it learned from, how it did. */
import type { LinearModelFile } from '../src/scoring/model/linear-model.js';
import { NON_CUSTOMER_TRAINING_SETS } from './non-customer-data.js';
import {
  type Mistakes,
  NON_CUSTOMER_OPTIONS,
  type NonCustomerSetFigures,
  pooledFigures,
} from './non-customer-model.js';

const mistakes = (figures: Mistakes) =>
  `${figures.falseAlarms + figures.misses} (${figures.falseAlarms} / ${figures.misses})`;

function figuresTable(figures: readonly NonCustomerSetFigures[]): string {
  const row = (set: NonCustomerSetFigures) =>
    `| ${set.name} | ${set.conversations} | ${set.nonCustomers} | ${mistakes(set.rule)} | ${mistakes(set.reviewed)} |`;
  return [
    '| left-out set | conversations | non-customers | the rule: wrong (false alarms / misses) | reviewed by the model learned from the other sets |',
    '| --- | --- | --- | --- | --- |',
    ...figures.map(row),
    row(pooledFigures(figures)),
  ].join('\n');
}

export function nonCustomerCard(
  model: LinearModelFile,
  conversations: number,
  figures: readonly NonCustomerSetFigures[],
  date: string,
): string {
  return `# non-customer.json: was the caller a customer at all?

A second opinion on the \`real_inquiry\` check (\`src/scoring/model/non-customer.ts\`): the probability that a
conversation is no customer's (a sales pitch, a vendor, a recruiter, a survey, a robocall, a wrong number, a
prank), read from the whole conversation. Where it and the rule (\`src/scoring/model/real-inquiry.ts\`) disagree,
the model decides, and the reason says so and names the words that weighed most; a verdict the rule left
\`uncertain\` stays for a person. The outcome, the request for a person and the mood read the reviewed finding,
so the checks keep one reading.

- **Source**: ${conversations} labelled development conversations (\`real_inquiry\` \`met\` or \`not_met\`) from \`eval/\`:
  ${NON_CUSTOMER_TRAINING_SETS.map((set) => `\`${set}\``).join(', ')}. Written by many hands for this project (each
  set's README says how). The sealed batches still waiting for their runs are never read.
- **Licence**: the project's own data.
- **Trained**: ${date}, by \`npm run train\` (\`train/non-customer-model.ts\`), after the turn models, whose reading
  the rule uses, and before the resolution model, which learns from the conversations this finding leaves to it.
- **Model**: logistic regression (\`train/softmax-regression.ts\`, options \`${JSON.stringify(NON_CUSTOMER_OPTIONS)}\`)
  over ${model.features.length} features: the words and word pairs of the caller's first turn, of every caller
  turn and of every other turn, each under its own prefix; the rule's verdict and its score in quarters; the
  events' types.

## Across sets

Each set left out in turn: a model trained on the other sets reviews the rule on it. A set is written by its own
hands, so this is the nearest the development data comes to language the model has not seen; the sealed batch of
the round measures it on new hands.

${figuresTable(figures)}

## Limits

- The rule's verdict is one of the model's features, so the model learns where the rule goes wrong on these sets;
  a change to the rule calls for training again (\`npm run train\` reads the rule as it is).
- Several hundred non-customers from some seventeen sets: a new kind of caller (a new scam, a new kind of vendor)
  is read by its words' likeness to those, and an opener nobody wrote like may still be missed.
`;
}
