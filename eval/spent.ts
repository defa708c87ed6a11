/**
 * Disagreements per set and per check over every eval set that may be read: the development sets and the spent
 * batches (sealed ones are left out; see eval/sealed.ts). The figure each round's note compares, reproducible.
 *
 *   npx tsx eval/spent.ts   (npm run eval:spent)
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILTIN_CHECK_KEYS } from '../src/domain/checks.js';
import { loadTrainedModels } from '../src/main/model-files.js';
import { loadDataset } from './dataset.js';
import { predictionsOf } from './predictions.js';
import { readableSets } from './sealed.js';
import { decidedDisagreements } from './standing-decisions.js';

const directory = dirname(fileURLToPath(import.meta.url));
const { models } = loadTrainedModels();
const totals = new Map<string, number>(BUILTIN_CHECK_KEYS.map((key) => [key, 0]));
const decidedTotals = new Map<string, number>();
let conversations = 0;

console.log(`Models fingerprint ${models.fingerprint}. Disagreements per set (sealed batches left out):\n`);
console.log(`${'set'.padEnd(12)}${'cases'.padStart(6)}${'disagreements'.padStart(15)}`);
for (const name of readableSets(directory)) {
  const cases = loadDataset(join(directory, name));
  const predictions = predictionsOf(cases, models);
  let disagreements = 0;
  for (const [key, list] of predictions) {
    const wrong = list.filter((prediction) => prediction.predicted !== prediction.expected).length;
    totals.set(key, (totals.get(key) ?? 0) + wrong);
    disagreements += wrong;
  }
  for (const { decision, count } of decidedDisagreements(predictions)) {
    decidedTotals.set(decision, (decidedTotals.get(decision) ?? 0) + count);
  }
  conversations += cases.length;
  console.log(`${name.padEnd(12)}${String(cases.length).padStart(6)}${String(disagreements).padStart(15)}`);
}
const total = [...totals.values()].reduce((sum, count) => sum + count, 0);
console.log(`${'all'.padEnd(12)}${String(conversations).padStart(6)}${String(total).padStart(15)}\n`);
console.log('Per check:');
for (const [key, count] of totals) console.log(`  ${key.padEnd(32)}${String(count).padStart(5)}`);
console.log('Of them, by decisions recorded in docs/decisions.md:');
for (const [decision, count] of decidedTotals) console.log(`  ${String(count).padStart(5)}  ${decision}`);
