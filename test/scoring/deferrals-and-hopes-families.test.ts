/**
 * Families of unresolved closes found in the spent batch eval/fresh-11 (read after its last run): someone set to
 * contact the caller later or something to be sent ("I'll get one of the valuers to phone you with a date", "I'll
 * have a proper quote emailed to you within two working days"), the caller sent elsewhere for the answer ("I'd
 * recommend getting in touch with them directly"), and a caller who hoped for more ("was hoping for something today
 * but fine"). Each family has counter-examples; every case is scored with the trained models, as the service
 * scores, and by the written rules alone.
 */
import { describe, expect, it } from 'vitest';
import { loadTrainedModels } from '../../src/main/model-files.js';
import { builtinScorer, READINGS } from './conversation.js';

const { models } = loadTrainedModels();

describe.each(READINGS)('deferrals and hopes, %s', (_, withModels) => {
  const score = builtinScorer(withModels ? models : null);
  const closed = (answer: string, goodbye: string) =>
    score('outcome', [
      ['agent', 'Hi, Trent Barge Freight here. How can I help?'],
      ['user', 'What would 200 tonnes of limestone from Cromwell to Hull cost per tonne, roughly?'],
      ['agent', answer],
      ['user', goodbye],
    ]).choice;

  it.each([
    ["I'd rather not guess and get it wrong. I'll have a proper quote emailed to you within two working days.", 'ok.'],
    ["Prices vary with the tide. I'll get one of the traffic clerks to phone you with a figure.", 'right, bye'],
    [
      "The traffic office sets the rates each season, so I'd recommend getting in touch with them directly.",
      'ah ok np, bye',
    ],
    [
      'Rates depend on water levels, so our traffic office will quote it.',
      'ok. was hoping for something today but fine',
    ],
  ])('"%s" then "%s" is unresolved', (answer, goodbye) => {
    expect(closed(answer, goodbye)).toBe('unresolved');
  });

  it.each([
    ["It's £6.40 a tonne for that run, plus £150 for the lock fees.", 'brilliant, thanks'],
    ["It's £6.40 a tonne. I'll have the written quote emailed to you now as well.", 'perfect, cheers'],
    [
      "It's £6.40 a tonne for that run, plus £150 for the lock fees.",
      'perfect, just what I was hoping for today, thanks',
    ],
  ])('counter-example: "%s" then "%s" is resolved', (answer, goodbye) => {
    expect(closed(answer, goodbye)).toBe('resolved');
  });
});
