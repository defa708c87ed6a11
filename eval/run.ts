/**
 * Scores the labelled development set with every built-in check and prints, per check, how often
 * the model agrees with the labels. Exits non-zero when any check's accuracy is below 0.9.
 *
 *   npx tsx eval/run.ts [--verbose] [--set <folder of eval/>] [--no-corpora]
 *   (--verbose also prints the reason of every disagreement; the corpora's held-out and cross-corpus figures
 *   and the turn models' cross-writer figures follow the development set's unless --no-corpora; a sealed
 *   batch, eval/fresh* before its last run (eval/sealed.ts), prints its figures and only the number of its
 *   disagreements)
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadTrainedModels } from '../src/main/model-files.js';
import { printCorpusFigures } from './corpus-figures.js';
import { loadDataset } from './dataset.js';
import { binaryRow, classRows, overallRow, POSITIVE, type Prediction, problemLabel, type Row } from './metrics.js';
import { predictionsOf } from './predictions.js';
import { isSealed } from './sealed.js';
import { decidedDisagreements } from './standing-decisions.js';

const REQUIRED_ACCURACY = 0.9;
const OUTCOME_CLASSES = ['resolved', 'unresolved', 'escalated', 'not_real_inquiry'] as const;

const verbose = process.argv.includes('--verbose');
// `--set fresh` scores eval/fresh, the batch kept untouched for a first and a last run (see eval/README.md).
const setArgument = process.argv.indexOf('--set');
const setName = setArgument === -1 ? 'data' : (process.argv[setArgument + 1] ?? 'data');
const evalDirectory = dirname(fileURLToPath(import.meta.url));
const cases = loadDataset(join(evalDirectory, setName));
// The model as the service runs it: the trained files in models/, loaded once.
const { models, loadMs, bytes } = loadTrainedModels();
console.log(
  `Trained models: ${(bytes / 1e6).toFixed(2)} MB of files (fingerprint ${models.fingerprint}), loaded in ${loadMs.toFixed(0)} ms.`,
);
const predictions = predictionsOf(cases, models);

const rows: Row[] = [];
for (const [key, checkPredictions] of predictions) {
  if (key === 'outcome') {
    rows.push(overallRow(key, checkPredictions), ...classRows(key, checkPredictions, OUTCOME_CLASSES));
  } else {
    const [positive, negative] = POSITIVE[key];
    rows.push(binaryRow(key, checkPredictions, positive, negative));
  }
}

const format = (value: number | null) => (value === null ? '   -' : value.toFixed(2));
console.log(`${setName === 'data' ? 'Development set' : 'Set'}: ${cases.length} conversations in eval/${setName}.`);
console.log("Positive = the problem occurred: 'fail' for pass/fail checks, 'not_met' for real_inquiry.");
console.log(
  "outcome: overall accuracy over choices, then per class (precision/recall of that class; accuracy = share of that class's cases chosen correctly).",
);
console.log(
  "A predicted 'uncertain' counts as wrong unless the label is 'uncertain'. brier = mean squared error of the score on positive/negative labels.\n",
);
console.log(`${'check'.padEnd(34)}${'n'.padStart(5)}  precision  recall  accuracy  brier`);
for (const row of rows) {
  console.log(
    `${row.name.padEnd(34)}${String(row.n).padStart(5)}  ${format(row.precision).padStart(9)}  ${format(row.recall).padStart(6)}  ${format(row.accuracy).padStart(8)}  ${format(row.brier).padStart(5)}`,
  );
}

const disagreements = [...predictions].flatMap(([key, list]) =>
  list.filter((p) => p.predicted !== p.expected).map((p) => ({ key, ...p })),
);
// A sealed batch (eval/fresh* before its last run) is measured, never read: its disagreements are counted, not listed.
const sealed = isSealed(evalDirectory, setName);
if (disagreements.length > 0 && sealed) {
  console.log(`\nDisagreements: ${disagreements.length} (a sealed batch: not listed).`);
} else if (disagreements.length > 0) {
  console.log(`\nDisagreements (${disagreements.length}):`);
  for (const d of disagreements) {
    console.log(
      `  ${d.caseId.padEnd(12)} ${d.key.padEnd(30)} expected ${d.expected.padEnd(16)} got ${d.predicted}${verbose ? `\n      ${d.reason}` : ''}`,
    );
  }
}

const decided = decidedDisagreements(predictions).filter((entry) => entry.count > 0);
if (decided.length > 0) {
  console.log('Of them, by decisions recorded in docs/decisions.md:');
  for (const { decision, count } of decided) console.log(`  ${String(count).padStart(4)}  ${decision}`);
  // What a decision costs in problems found: the check's problem class recalled with its decided cases set aside.
  console.log('Problems found, and with the cases a decision explains set aside:');
  for (const { key, caseIds } of decided) {
    const positive = problemLabel(key);
    const all = predictions.get(key) ?? [];
    const rest = all.filter((prediction) => !caseIds.has(prediction.caseId));
    const recall = (list: readonly Prediction[]) => format(classRows(key, list, [positive])[0]?.recall ?? null);
    console.log(`  ${`${key} (${positive})`.padEnd(40)} ${recall(all)}  ${recall(rest)}`);
  }
}

// The corpora's figures (a minute or so: the booking dialogues are scored twice, two models are trained for
// the cross-corpus rows); `--no-corpora` leaves them out.
if (setName === 'data' && !process.argv.includes('--no-corpora')) printCorpusFigures(models);

const failing = rows.filter((row) => !row.name.includes(':') && row.accuracy < REQUIRED_ACCURACY);
if (failing.length > 0) {
  console.log(`\nBelow ${REQUIRED_ACCURACY} accuracy: ${failing.map((row) => row.name).join(', ')}`);
  process.exitCode = 1;
}
