/**
 * The corpora's half of `npm run eval`: the models in models/ measured on the held-out parts of the public
 * corpora (../shared/corpora), dissatisfaction models trained on one corpus measured on the other, and the turn
 * models measured across writers and on writers they never learned from. Skipped, with a note, where the corpora are not on this machine.
 */
import { existsSync } from 'node:fs';
import type { TrainedModels } from '../src/scoring/model/trained-models.js';
import { DEFAULT_CORPORA_DIRECTORY } from '../train/corpora.js';
import {
  bookingActsTable,
  bookingChecksTable,
  corpusReport,
  dissatisfactionTable,
  readCorpora,
} from '../train/corpus-report.js';
import {
  crossWriterFigures,
  crossWriterTable,
  heldOutWriterFigures,
  heldOutWritersTable,
} from '../train/turn-label-figures.js';
import { HELD_OUT_TURNS_DIRECTORY, readWrittenTurns, turnTrainingSet } from '../train/turn-labels-data.js';

export function printCorpusFigures(models: TrainedModels, directory = DEFAULT_CORPORA_DIRECTORY): void {
  if (!existsSync(directory)) {
    console.log(`\nCorpora not found at ${directory}: held-out and cross-corpus figures skipped.`);
    return;
  }
  const corpora = readCorpora(directory);
  const report = corpusReport(corpora, models);
  console.log('\nBooking statements, held-out SGD system turns (booking-acts.json):\n');
  console.log(bookingActsTable(report.bookingActs));
  console.log('\nBooking checks on held-out SGD dialogues (tool call as is, made to fail, left out):\n');
  console.log(bookingChecksTable(report.bookingChecks));
  console.log('\nDissatisfaction, held-out USS parts and cross-corpus (dissatisfaction.json):\n');
  console.log(dissatisfactionTable(report.dissatisfaction));
  console.log(
    "\nTurn models across writers (turn-*.json; each writer's turns scored by models trained without them):\n",
  );
  console.log(
    crossWriterTable(crossWriterFigures(turnTrainingSet([...corpora.redial.training, ...corpora.ccpe.training]))),
  );
  console.log('\nTurn models on writers they never learned from (train/data/turns-held-out, the shipped model):\n');
  console.log(heldOutWritersTable(heldOutWriterFigures(models.turnLabels, readWrittenTurns(HELD_OUT_TURNS_DIRECTORY))));
}
