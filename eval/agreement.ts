/**
 * How far the labels themselves can be trusted: a second labeller's reading of spent batches (eval/second-labels.json,
 * labelled blind from the rules in eval/README.md) against the writers' labels, beside the engine's agreement with
 * each. If two readers of the rules disagree often, no engine can be held to 0.95 against either; if they agree,
 * the engine's gap is its own.
 *
 *   npx tsx eval/agreement.ts
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { BUILTIN_CHECK_KEYS, type BuiltinCheckKey } from '../src/domain/checks.js';
import { loadTrainedModels } from '../src/main/model-files.js';
import { loadDataset } from './dataset.js';
import { problemLabel } from './metrics.js';
import { predictionsOf } from './predictions.js';
import { isSealed } from './sealed.js';

const secondLabelsSchema = z.record(
  z.string(),
  z.record(z.string(), z.partialRecord(z.enum(BUILTIN_CHECK_KEYS), z.string())),
);
export type SecondLabels = z.infer<typeof secondLabelsSchema>;

export function loadSecondLabels(path: string): SecondLabels {
  return secondLabelsSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
}

interface Tally {
  n: number;
  secondAgrees: number;
  engineAgreesWithWriter: number;
  engineAgreesWithSecond: number;
  problems: number;
  problemsSecondFound: number;
  problemsEngineFound: number;
}

const emptyTally = (): Tally => ({
  n: 0,
  secondAgrees: 0,
  engineAgreesWithWriter: 0,
  engineAgreesWithSecond: 0,
  problems: 0,
  problemsSecondFound: 0,
  problemsEngineFound: 0,
});

function main(): void {
  const directory = dirname(fileURLToPath(import.meta.url));
  const secondLabels = loadSecondLabels(join(directory, 'second-labels.json'));
  const { models } = loadTrainedModels();
  const tallies = new Map<BuiltinCheckKey, Tally>(BUILTIN_CHECK_KEYS.map((key) => [key, emptyTally()]));
  const sets = Object.keys(secondLabels);
  for (const set of sets) {
    // The second labeller read only spent batches; a sealed one is never scored case by case.
    if (isSealed(directory, set)) throw new Error(`${set} is sealed: a second labelling must wait for its last run`);
    const labels = secondLabels[set] ?? {};
    for (const [key, predictions] of predictionsOf(loadDataset(join(directory, set)), models)) {
      const tally = tallies.get(key) as Tally;
      for (const { caseId, expected, predicted } of predictions) {
        const second = labels[caseId]?.[key];
        if (second === undefined) continue;
        tally.n += 1;
        if (second === expected) tally.secondAgrees += 1;
        if (predicted === expected) tally.engineAgreesWithWriter += 1;
        if (predicted === second) tally.engineAgreesWithSecond += 1;
        if (expected === problemLabel(key)) {
          tally.problems += 1;
          if (second === expected) tally.problemsSecondFound += 1;
          if (predicted === expected) tally.problemsEngineFound += 1;
        }
      }
    }
  }
  const share = (part: number, whole: number) => (whole === 0 ? '   -' : (part / whole).toFixed(2));
  console.log(`Second labeller against the writers on ${sets.join(', ')} (engine with the models in models/).\n`);
  console.log(
    `${'check'.padEnd(31)}${'n'.padStart(4)}  second=writer  engine=writer  engine=second  problems  found by second  by engine`,
  );
  for (const [key, t] of tallies) {
    console.log(
      `${key.padEnd(31)}${String(t.n).padStart(4)}  ${share(t.secondAgrees, t.n).padStart(13)}  ${share(t.engineAgreesWithWriter, t.n).padStart(13)}  ${share(t.engineAgreesWithSecond, t.n).padStart(13)}  ${String(t.problems).padStart(8)}  ${share(t.problemsSecondFound, t.problems).padStart(15)}  ${share(t.problemsEngineFound, t.problems).padStart(9)}`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
