/**
 * `npm run train`: reads the public corpora in ../shared/corpora, splits each by dialogue (fixed seed), trains
 * the booking-act model on SGD's training part and the written agent turns (train/data/booking-turns), the
 * dissatisfaction model on the rated corpora's training parts, and the turn models on the labelled turns
 * (train/data/turns) and the development set's negatives, the review models (non-customer, frustrated caller)
 * and the resolution model's weights on the labelled development conversations (eval/, all but the sealed batches
 * waiting for a run); writes models/*.json and their model cards (models/*.md) with figures measured on the
 * held-out parts, across corpora and across writers.
 *
 *   npm run train [-- --corpora <dir>] [-- --date YYYY-MM-DD]
 *
 * The model files are deterministic (same corpora, same bytes); a card's date line is the day of training
 * unless --date is given.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type LinearModelFile, parseLinearModel } from '../src/scoring/model/linear-model.js';
import { HAND_OUTCOME_WEIGHTS, outcomeWeightsText } from '../src/scoring/model/outcome-weights.js';
import { MODEL_FILE_NAMES, trainedModelsFrom } from '../src/scoring/model/trained-models.js';
import { turnLabelReader } from '../src/scoring/model/turn-labels.js';
import { bookingActExamples } from './booking-acts-data.js';
import { crossWriterBookingFigures } from './booking-turn-figures.js';
import { readBookingTurns } from './booking-turns-data.js';
import { DEFAULT_CORPORA_DIRECTORY } from './corpora.js';
import { corpusReport, readCorpora } from './corpus-report.js';
import { bookingActsCard, dissatisfactionCard, turnLabelsCard } from './model-cards.js';
import { trainBookingActs, trainDissatisfaction, trainTurnLabels } from './models.js';
import { outcomeCard } from './outcome-card.js';
import { outcomeTrainingSets } from './outcome-data.js';
import { leaveOneSetOutFigures } from './outcome-figures.js';
import { fitOutcomeWeights } from './outcome-regression.js';
import { reviewCard } from './review-card.js';
import { reviewTrainingSets } from './review-data.js';
import { type ReviewSetFigures, reviewFiguresAcrossSets, trainReview } from './review-model.js';
import { REVIEW_SPECS, type ReviewSpec } from './review-specs.js';
import { crossWriterFigures, heldOutWriterFigures } from './turn-label-figures.js';
import { HELD_OUT_TURNS_DIRECTORY, readWrittenTurns, turnTrainingSet } from './turn-labels-data.js';
import { writeModelFile } from './write-models.js';

const MODELS_DIRECTORY = join(import.meta.dirname, '..', 'models');

function argument(name: string): string | undefined {
  const position = process.argv.indexOf(name);
  return position === -1 ? undefined : process.argv[position + 1];
}

const corporaDirectory = argument('--corpora') ?? DEFAULT_CORPORA_DIRECTORY;
const date = argument('--date') ?? new Date().toISOString().slice(0, 10);
const started = performance.now();
const log = (message: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${message}`);

const corpora = readCorpora(corporaDirectory);
log(
  `read corpora: SGD ${corpora.sgd.training.length}+${corpora.sgd.heldOut.length}, ReDial ${corpora.redial.training.length}+${corpora.redial.heldOut.length}, CCPE ${corpora.ccpe.training.length}+${corpora.ccpe.heldOut.length} dialogues (training+held-out)`,
);

const bookingTurns = readBookingTurns();
const bookingActs = trainBookingActs(corpora.sgd.training, bookingTurns);
const bookingActsText = writeModelFile(MODELS_DIRECTORY, MODEL_FILE_NAMES.bookingActs, bookingActs);
log(`booking-acts.json: ${bookingActs.features.length} features, ${bookingActsText.length} bytes`);
const bookingFigures = crossWriterBookingFigures(bookingActExamples(corpora.sgd.training), bookingTurns);
log('measured the booking-act model across writers');

const dissatisfaction = trainDissatisfaction([...corpora.redial.training, ...corpora.ccpe.training]);
const dissatisfactionText = writeModelFile(MODELS_DIRECTORY, MODEL_FILE_NAMES.dissatisfaction, dissatisfaction);
log(`dissatisfaction.json: ${dissatisfaction.features.length} features, ${dissatisfactionText.length} bytes`);

const turns = turnTrainingSet([...corpora.redial.training, ...corpora.ccpe.training]);
const turnLabels = trainTurnLabels(turns);
const turnLabelsText = writeModelFile(MODELS_DIRECTORY, MODEL_FILE_NAMES.turnLabels, turnLabels);
log(
  `turn-labels.json: ${turnLabels.features.length} features x ${turnLabels.classes.length} labels, ${turnLabelsText.length} bytes`,
);
const turnFigures = crossWriterFigures(turns);
const heldOutTurnFigures = heldOutWriterFigures(
  turnLabelReader(parseLinearModel(turnLabelsText)),
  readWrittenTurns(HELD_OUT_TURNS_DIRECTORY),
);
log('measured the turn models across writers and on the held-out writers');

// The review models learn from their rules' readings with the models above (and the hand-set resolution weights,
// which those readings do not use), each after the ones its rule reads: the frustration rule reads the reviewed
// real_inquiry finding.
const reviewTexts: Partial<Record<ReviewSpec['file'], string>> = {};
/** The models trained so far, with the resolution weights given. */
const trainedSoFar = (outcome: string) =>
  trainedModelsFrom({
    bookingActs: bookingActsText,
    dissatisfaction: dissatisfactionText,
    turnLabels: turnLabelsText,
    outcome,
    ...reviewTexts,
  });
const reviews: { spec: ReviewSpec; model: LinearModelFile; conversations: number; figures: ReviewSetFigures[] }[] = [];
for (const spec of REVIEW_SPECS) {
  const sets = reviewTrainingSets(spec, trainedSoFar(outcomeWeightsText(HAND_OUTCOME_WEIGHTS)));
  const examples = sets.flatMap((set) => set.examples);
  const model = trainReview(spec, examples);
  reviewTexts[spec.file] = writeModelFile(MODELS_DIRECTORY, MODEL_FILE_NAMES[spec.file], model);
  reviews.push({ spec, model, conversations: examples.length, figures: reviewFiguresAcrossSets(spec, sets) });
  log(
    `${MODEL_FILE_NAMES[spec.file]}: ${model.features.length} features, from ${examples.length} development conversations, measured across sets`,
  );
}

// The resolution model's signs use the other models' readings: they are read with those models and the hand-set
// weights, then the weights are learned.
const readingModels = trainedSoFar(outcomeWeightsText(HAND_OUTCOME_WEIGHTS));
const outcomeSets = outcomeTrainingSets(readingModels);
const outcomeExamples = outcomeSets.flatMap((set) => set.examples);
const outcome = fitOutcomeWeights(outcomeExamples, HAND_OUTCOME_WEIGHTS);
const outcomeText = outcomeWeightsText(outcome);
writeFileSync(join(MODELS_DIRECTORY, MODEL_FILE_NAMES.outcome), outcomeText);
const outcomeFigures = leaveOneSetOutFigures(outcomeSets);
log(`outcome.json: weights learned from ${outcomeExamples.length} development conversations, measured across sets`);

const models = trainedSoFar(outcomeText);
const report = corpusReport(corpora, models);
log('measured on the held-out parts and across corpora');

writeFileSync(
  join(MODELS_DIRECTORY, 'booking-acts.md'),
  bookingActsCard(bookingActs, corpora, report, bookingFigures, date),
);
writeFileSync(
  join(MODELS_DIRECTORY, 'dissatisfaction.md'),
  dissatisfactionCard(dissatisfaction, corpora, report, date),
);
writeFileSync(join(MODELS_DIRECTORY, 'turn-labels.md'), turnLabelsCard(turns, turnFigures, heldOutTurnFigures, date));
for (const { spec, model, conversations, figures } of reviews) {
  const card = MODEL_FILE_NAMES[spec.file].replace(/\.json$/, '.md');
  writeFileSync(join(MODELS_DIRECTORY, card), reviewCard(spec, model, conversations, figures, date));
}
writeFileSync(join(MODELS_DIRECTORY, 'outcome.md'), outcomeCard(outcome, outcomeExamples.length, outcomeFigures, date));
log(`wrote ${MODELS_DIRECTORY}/*.json and *.md (fingerprint ${models.fingerprint})`);
