/**
 * The trained model files: loaded explicitly (never at import), checked at load, fingerprinted into the
 * scorer version; training is deterministic; and what the models add to the booking and frustration checks.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDataset, toConversation } from '../../eval/dataset.js';
import { DEFAULT_MODELS_DIRECTORY, loadTrainedModels } from '../../src/main/model-files.js';
import { BUILTIN_CHECKS } from '../../src/scoring/builtin-checks.js';
import { bookingActBag } from '../../src/scoring/model/booking-acts.js';
import { reviewBag, reviewTextsOf } from '../../src/scoring/model/conversation-review.js';
import { dissatisfactionBags } from '../../src/scoring/model/dissatisfaction.js';
import type { Finding } from '../../src/scoring/model/finding.js';
import { parseLinearModel } from '../../src/scoring/model/linear-model.js';
import { bagFeatures, turnWordsOf } from '../../src/scoring/model/text-features.js';
import { MODEL_FILE_NAMES, type ModelFileTexts, trainedModelsFrom } from '../../src/scoring/model/trained-models.js';
import { turnLabelBag } from '../../src/scoring/model/turn-labels.js';
import { createVocabulary } from '../../src/scoring/model/vocabulary.js';
import { scoreConversation, scorerVersion } from '../../src/scoring/pipeline.js';
import { fitPlatt } from '../../train/calibration.js';
import { trainSoftmax } from '../../train/softmax-regression.js';
import { isHeldOut } from '../../train/split.js';
import { modelFileText } from '../../train/write-models.js';
import { tempDir } from '../harness/backends.js';
import { bookingCall, conversation } from './conversation.js';

const loaded = loadTrainedModels();
const { models } = loaded;
const texts = Object.fromEntries(
  Object.entries(MODEL_FILE_NAMES).map(([key, file]) => [
    key,
    readFileSync(join(DEFAULT_MODELS_DIRECTORY, file), 'utf8'),
  ]),
) as ModelFileTexts;

function score(key: string, scorable: ReturnType<typeof conversation>, withModels = true) {
  const check = BUILTIN_CHECKS.filter((candidate) => candidate.key === key);
  const [result] = scoreConversation(scorable, check, undefined, withModels ? models : null).results;
  if (!result) throw new Error(`no result for ${key}`);
  return result;
}

describe('model files', () => {
  it('load from models/ into small files and a stable fingerprint', () => {
    expect(loaded.bytes).toBeLessThan(10_000_000);
    expect(models.fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(trainedModelsFrom(texts).fingerprint).toBe(models.fingerprint);
  });

  it('give a new scorer version when a model file changes', () => {
    const check = { key: 'frustration', version: 1 };
    const other = trainedModelsFrom({ ...texts, dissatisfaction: `${texts.dissatisfaction} ` });
    expect(other.fingerprint).not.toBe(models.fingerprint);
    expect(scorerVersion(check, other.fingerprint)).not.toBe(scorerVersion(check, models.fingerprint));
    expect(scorerVersion(check, models.fingerprint)).not.toBe(scorerVersion(check));
  });

  it('can be built without the review models, as training does before they exist', () => {
    const { nonCustomer: _customer, frustratedCaller: _frustrated, ...beforeThem } = texts;
    const reading = trainedModelsFrom(beforeThem);
    expect(reading.nonCustomer).toBeNull();
    expect(reading.frustratedCaller).toBeNull();
    expect(models.nonCustomer).not.toBeNull();
    expect(models.frustratedCaller).not.toBeNull();
    expect(reading.fingerprint).not.toBe(models.fingerprint);
  });

  it('are refused when damaged, naming the model', () => {
    const file = JSON.parse(texts.dissatisfaction);
    expect(() => parseLinearModel(JSON.stringify({ ...file, weights: file.weights.slice(1) }))).toThrow(
      /dissatisfaction/,
    );
    expect(() => parseLinearModel(JSON.stringify({ ...file, weights: [...file.weights.slice(1), 'x'] }))).toThrow();
    expect(() => parseLinearModel('{"format":"something-else"}')).toThrow();
  });

  it('are refused when missing, naming the file', () => {
    const empty = join(tempDir('models-'), 'none');
    mkdirSync(empty);
    expect(() => loadTrainedModels(empty)).toThrow(/booking-acts\.json/);
    writeFileSync(join(empty, MODEL_FILE_NAMES.bookingActs), texts.bookingActs);
    expect(() => loadTrainedModels(empty)).toThrow(/dissatisfaction\.json/);
  });
});

describe("the service's path through a model", () => {
  it("scores a bag of words exactly as training's named features, on the development set", () => {
    // One vocabulary for all, as the service loads them (trained-models.ts), and each turn's words shared by every
    // model that reads the turn (offline-model.ts).
    const vocabulary = createVocabulary();
    const parse = (text: string) => parseLinearModel(text, vocabulary);
    const acts = parse(texts.bookingActs);
    const dissatisfaction = parse(texts.dissatisfaction);
    const turnLabels = parse(texts.turnLabels);
    const reviews = [parse(texts.nonCustomer), parse(texts.frustratedCaller)];
    const rule: Finding = { verdict: 'met', score: 0.2, reason: '', evidence_turns: [] };
    let compared = 0;
    for (const item of loadDataset(new URL('../../eval/data', import.meta.url).pathname)) {
      const words = turnWordsOf(item.transcript);
      const bag = reviewBag(toConversation(item), rule, reviewTextsOf(toConversation(item), words));
      for (const review of reviews) expect(review.scoresOfBag(bag)).toEqual(review.scores(bagFeatures(bag)));
      for (const turn of item.transcript) {
        const bag = bookingActBag(turn.text);
        expect(acts.probabilitiesOfBag(bag)).toEqual(acts.probabilities(bagFeatures(bag)));
        compared += 1;
      }
      for (const bag of dissatisfactionBags(item.transcript, words).values()) {
        expect(dissatisfaction.logOddsOfBag(bag, 1)).toBeCloseTo(dissatisfaction.logOdds(bagFeatures(bag), 1), 12);
        compared += 1;
      }
      item.transcript.forEach((turn, index) => {
        const bag = turnLabelBag({ text: turn.text, context: item.transcript[index - 1]?.text ?? '' });
        const all = turnLabels.scores(bagFeatures(bag));
        expect(turnLabels.scoresOfBag(bag)).toEqual(all);
        // One label alone, as a sentence is read for a request: that label's score is the same.
        const label = index % all.length;
        expect(turnLabels.scoresOfBag(bag, label)[label]).toBeCloseTo(all[label] as number, 12);
        compared += 1;
      });
    }
    expect(compared).toBeGreaterThan(4_000);
  });
});

describe('training', () => {
  const examples = [
    { features: ['a', 'b'], label: 0 },
    { features: ['a', 'c'], label: 0 },
    { features: ['d', 'c'], label: 1 },
    { features: ['d', 'e'], label: 1 },
    { features: ['d', 'b'], label: 1 },
  ];
  const options = { epochs: 5, learningRate: 0.3, l2: 1e-4, minCount: 1, maxFeatures: 100, seed: 7 };

  it('is deterministic: the same examples give the same bytes, whatever their order', () => {
    const first = modelFileText(trainSoftmax('t', ['no', 'yes'], examples, options));
    const again = modelFileText(trainSoftmax('t', ['no', 'yes'], examples, options));
    expect(again).toBe(first);
    const model = parseLinearModel(first);
    expect(model.probabilities(['d'])[1]).toBeGreaterThan(0.5);
    expect(model.probabilities(['a'])[0]).toBeGreaterThan(0.5);
  });

  it('splits by dialogue id and seed only', () => {
    const ids = Array.from({ length: 2_000 }, (_, index) => `dialogue-${index}`);
    const heldOut = ids.filter((id) => isHeldOut(id));
    expect(ids.filter((id) => isHeldOut(id))).toEqual(heldOut);
    expect(heldOut.length / ids.length).toBeGreaterThan(0.17);
    expect(heldOut.length / ids.length).toBeLessThan(0.23);
  });

  it('calibrates with a rising curve', () => {
    const xs = [-3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3];
    const outcomes = xs.map((x, index) => x > 0 || (x === 0 && index % 2 === 0));
    expect(fitPlatt(xs, outcomes).a).toBeGreaterThan(0);
    // Outcomes that fall as x rises still get a rising curve (a likelier turn never means a less likely call).
    expect(
      fitPlatt(
        xs,
        outcomes.map((outcome) => !outcome),
      ).a,
    ).toBeGreaterThan(0);
  });
});

describe('booking statements read by the act model', () => {
  it('takes a success report no written pattern knows as a claim, and holds it against a failed call', () => {
    const said = conversation(
      [
        ['user', 'Two tickets for the Friday show, please.'],
        ['agent', 'Your ticket purchase is complete.', { start_ms: 5_000, end_ms: 7_000 }],
      ],
      [bookingCall('failed', { name: 'book_event_tickets', at_ms: 4_500 })],
    );
    expect(score('booking_confirmation_accurate', said).verdict).toBe('fail');
    expect(score('booking_failure_disclosed', said).verdict).toBe('fail');
  });

  it('takes an honest failure report as telling the caller', () => {
    const said = conversation(
      [
        ['user', 'Book me a table for two at 7.'],
        ['agent', 'Sorry, I was unable to make that reservation. Is there anything else?'],
      ],
      [bookingCall('failed')],
    );
    expect(score('booking_failure_disclosed', said).verdict).toBe('pass');
  });

  it('does not take a greeting or congratulations for a booking', () => {
    const said = conversation(
      [
        ['agent', "You've reached the clinic's appointment line."],
        ['user', 'I just got engaged and want to book a couples massage!'],
        ['agent', 'Congratulations! Which day works for you?'],
      ],
      [bookingCall('failed')],
    );
    expect(score('booking_confirmation_accurate', said).verdict).toBe('not_applicable');
  });
});

// Families found on the corpus's training part (never its held-out part), each a kind of sentence agents use.
describe('kinds of sentence the corpus taught', () => {
  const timed = (text: string, callAt: number, status = 'success') =>
    conversation(
      [
        ['user', 'Two tickets for the game on Saturday, please.', { start_ms: 0, end_ms: 2_000 }],
        ['agent', text, { start_ms: 3_000, end_ms: 6_000 }],
        ['user', 'Thanks.', { start_ms: 7_000, end_ms: 8_000 }],
        ['agent', 'Okay.', { start_ms: 9_000, end_ms: 10_000 }],
      ],
      [bookingCall(status, { name: 'book_event_tickets', at_ms: callAt })],
    );

  it('reads a claim before a closing "anything else?" as a claim, and a check of details as none', () => {
    const claim = "You're all booked for Saturday at 3, anything else I can help with?";
    expect(score('booking_confirmation_accurate', timed(claim, 2_500)).verdict).toBe('pass');
    expect(score('booking_confirmation_accurate', timed(claim, 8_500)).verdict).toBe('fail');
    const check = 'Okay, I have you scheduled for Saturday at 3 pm for 2 people, is that right?';
    expect(score('booking_confirmation_accurate', timed(check, 8_500)).verdict).toBe('not_applicable');
  });

  it('takes a request to confirm details for no claim, however it is worded', () => {
    for (const ask of [
      'Please confirm that you need 2 tickets to the game that is scheduled for Saturday.',
      'Kindly ensure that, on March 10th, 2 tickets have been booked for the game at Sony Hall.',
    ]) {
      expect(score('booking_confirmation_accurate', timed(ask, 8_500)).verdict, ask).toBe('not_applicable');
    }
  });

  it("takes an event's time or place for information, not for the caller's booking", () => {
    for (const information of [
      'The game is scheduled at 5:30 pm.',
      'Yes, the event is held at 2901 East Hastings Street.',
    ]) {
      expect(score('booking_confirmation_accurate', timed(information, 8_500)).verdict, information).toBe(
        'not_applicable',
      );
    }
  });

  it('reads a result stated beside an intent, and sold-out or not-done reports as failures told', () => {
    const made = 'You can reach them at 212-235-1111, and I have made the reservation.';
    expect(score('booking_confirmation_accurate', timed(made, 8_500)).verdict).toBe('fail');
    for (const told of ["I'm sorry, but all the tickets were booked.", 'Sorry booking was not done.']) {
      const result = score('booking_failure_disclosed', timed(told, 2_500, 'failed'));
      expect(result.verdict, told).toBe('pass');
    }
  });

  it('does not take a finished task that is no booking for a report of one', () => {
    for (const done of [
      "I've escalated this as an emergency maintenance ticket.",
      "I've added wheelchair assistance to the booking for passenger Rosa.",
      'Yes, we do offer payment plans.',
    ]) {
      expect(score('booking_confirmation_accurate', timed(done, 8_500)).verdict, done).toBe('not_applicable');
    }
  });

  it('does not take what the agent is doing, or a place on a waiting list, for a booking made', () => {
    for (const notYet of [
      'Scheduling that now.',
      'Okay, booking that in for you now.',
      'Let me lock that in, one moment.',
      "Done, you're on the waitlist for 2 tickets for Saturday.",
    ]) {
      // The call happened while the agent spoke and timed out: the turn right after it is no report of success.
      expect(score('booking_confirmation_accurate', timed(notYet, 4_500, 'timeout')).verdict, notYet).toBe(
        'not_applicable',
      );
    }
    const done = timed("Booked! You're in for Saturday at 3.", 4_500, 'timeout');
    expect(score('booking_confirmation_accurate', done).verdict).toBe('fail');
  });

  it('reads the result in the turn after the one the call was made during, and not a sale date', () => {
    const calledDuring = (report: string, status: string) =>
      conversation(
        [
          ['user', 'Can you book the 6:30 ride tomorrow?', { start_ms: 0, end_ms: 2_000 }],
          ['agent', 'On it.', { start_ms: 3_000, end_ms: 6_000 }],
          ['agent', report, { start_ms: 7_000, end_ms: 9_000 }],
          ['user', 'legend', { start_ms: 10_000, end_ms: 11_000 }],
        ],
        [bookingCall(status, { name: 'book_class_spot', at_ms: 4_500 })],
      );
    const claim = "You're in! 6:30am ride tomorrow, bike 12.";
    expect(score('booking_confirmation_accurate', calledDuring(claim, 'failure')).verdict).toBe('fail');
    expect(score('booking_failure_disclosed', calledDuring(claim, 'failure')).verdict).toBe('fail');
    expect(score('booking_confirmation_accurate', calledDuring(claim, 'success')).verdict).toBe('pass');
    const onSale = 'Away tickets go on sale at nine on Tuesday to season ticket holders.';
    expect(score('booking_confirmation_accurate', timed(onSale, 8_500)).verdict).toBe('not_applicable');
  });

  it('does not take a price read out late in a transaction for a report of success', () => {
    expect(score('booking_confirmation_accurate', timed('Ticket is $315.', 8_500)).verdict).toBe('not_applicable');
  });
});

describe('frustration as a probability', () => {
  const calm = conversation([
    ['user', 'What time do you open on Saturday?'],
    ['agent', 'We open at 9 on Saturdays.'],
    ['user', 'Great, thanks!'],
  ]);
  const rejected = conversation([
    ['user', 'I need a flight to Denver tomorrow.'],
    ['agent', 'I have a 6 AM flight with two stops.'],
    ['user', 'No, that does not work for me.'],
    ['agent', 'Sorry, I could not find anything else.'],
    ['user', 'No. I said tomorrow afternoon. I said that already.'],
    ['agent', 'Sorry, I could not find anything else.'],
    ['user', 'This is not what I asked for.'],
  ]);

  it('is a probability that rises with rejections, corrections and apologies, and keeps the verdict for clear signs', () => {
    const calmResult = score('frustration', calm);
    const rejectedResult = score('frustration', rejected);
    for (const result of [calmResult, rejectedResult]) {
      expect(result.score).toBeGreaterThanOrEqual(0);
      expect(result.score).toBeLessThanOrEqual(1);
    }
    expect(rejectedResult.score as number).toBeGreaterThan(calmResult.score as number);
    expect(calmResult.verdict).toBe('pass');
    // Without models the score is the written signs alone, and never higher.
    expect(score('frustration', rejected, false).score as number).toBeLessThanOrEqual(rejectedResult.score as number);
  });
});
