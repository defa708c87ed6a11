/**
 * Chooses the dissatisfaction model's regularisation without touching a held-out part: each setting is trained
 * on one corpus's training part and measured on the other corpus's training part, both ways; the setting with
 * the best mean turn-level AUC is the one to put in train/models.ts. Run by hand: npx tsx train/select-options.ts
 */
import { readDissatisfaction } from '../src/scoring/model/dissatisfaction.js';
import { linearModel } from '../src/scoring/model/linear-model.js';
import type { UssDialogue } from './corpora.js';
import { DEFAULT_CORPORA_DIRECTORY } from './corpora.js';
import { readCorpora } from './corpus-report.js';
import { dialogueTurns, isDissatisfiedDialogue, isDissatisfiedRating, ratedTurns } from './dissatisfaction-data.js';
import { fixed, rocAuc } from './figures.js';
import { DISSATISFACTION_OPTIONS, trainDissatisfactionWith } from './models.js';

const corpora = readCorpora(DEFAULT_CORPORA_DIRECTORY);
function aucs(
  trainOn: UssDialogue[],
  measureOn: UssDialogue[],
  options: typeof DISSATISFACTION_OPTIONS,
): [number, number] {
  const model = linearModel(trainDissatisfactionWith(trainOn, options));
  const ts: number[] = [];
  const tl: boolean[] = [];
  const ds: number[] = [];
  const dl: boolean[] = [];
  for (const dialogue of measureOn) {
    const reading = readDissatisfaction(model, dialogueTurns(dialogue));
    const byIndex = new Map(reading.turns.map((turn) => [turn.index, turn.probability]));
    for (const turn of ratedTurns(dialogue)) {
      ts.push(byIndex.get(turn.index) ?? 0);
      tl.push(isDissatisfiedRating(turn.rating));
    }
    ds.push(reading.atSomePoint);
    dl.push(isDissatisfiedDialogue(dialogue));
  }
  return [rocAuc(ts, tl) ?? 0, rocAuc(ds, dl) ?? 0];
}
for (const l2 of [1e-4, 1e-3, 3e-3, 1e-2]) {
  for (const minCount of [3, 5, 10]) {
    const options = { ...DISSATISFACTION_OPTIONS, l2, minCount };
    const [a, b] = aucs(corpora.redial.training, corpora.ccpe.training, options);
    const [c, d] = aucs(corpora.ccpe.training, corpora.redial.training, options);
    console.log(
      `l2 ${l2} minCount ${minCount}: ReDial->CCPE turn ${fixed(a)} dialogue ${fixed(b)}; CCPE->ReDial turn ${fixed(c)} dialogue ${fixed(d)}; mean turn ${fixed((a + c) / 2)}`,
    );
  }
}
