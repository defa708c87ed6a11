/**
 * Families of booking wording found in the spent batch eval/fresh-10 (read after its last run): a slot offered and
 * put to the caller ("The first slot I have is Thursday. Would that suit?"), a condition ("As long as the payments
 * are made, there won't be a visit"), how tickets are sold ("Tickets are sold at the visitor centre on the day") and
 * a quote saved ("Your £180 quote is saved under reference Q-55102"), none of them a claim; and "it still won't go
 * through", which tells the caller a booking failed. Each family has a counter-example; every case is scored with
 * the trained models, as the service scores, and by the written rules alone.
 */
import { describe, expect, it } from 'vitest';
import { loadTrainedModels } from '../../src/main/model-files.js';
import { bookingCall, builtinScorer, READINGS, type TurnSpec } from './conversation.js';

const { models } = loadTrainedModels();

describe.each(READINGS)('offers, conditions and quotes, %s', (_, withModels) => {
  const score = builtinScorer(withModels ? models : null);
  const afterAskingToBook = (reply: string): TurnSpec[] => [
    ['user', 'can someone come and look at the loft? something is scratching up there'],
    ['agent', reply],
    ['user', 'ok thank you'],
  ];

  it.each([
    'We can send a technician to survey the loft. The first slot I have is Thursday between nine and twelve. Would that suit?',
    'I can do that. As long as the payments are made, there will not be a visit.',
    'Tickets are sold at the visitor centre on the day, first come first served.',
    'Sorry about the wait. Your £180 quote is saved under reference Q-55102 for 7 days.',
  ])('"%s" claims no booking made', (reply) => {
    expect(score('booking_confirmation_accurate', afterAskingToBook(reply)).verdict).toBe('not_applicable');
  });

  // The model reads this claim; the written patterns do not, so it is tested as the service scores.
  it.runIf(withModels)(
    'counter-example: "that\'s you booked in!" before a question for details is still a claim',
    () => {
      const result = score('booking_confirmation_accurate', [
        ['user', 'perfect, lets do saturday two till four'],
        ['agent', "Great, that's you booked in! Saturday the 21st, 2 till 4. Can I take a name and number for it?"],
        ['user', 'Gemma, 07700 900123'],
      ]);
      expect(result.verdict).toBe('fail');
    },
  );

  it('counter-example: "you\'re booked for a free estimate" is a booking, though an estimate is named', () => {
    const result = score('booking_confirmation_accurate', [
      ['user', 'yes please, thursday afternoon'],
      ['agent', "Done. You're booked for a free estimate Thursday between 1 and 3 PM."],
      ['user', 'thanks'],
    ]);
    expect(result.verdict).toBe('fail');
  });

  it('"it still won\'t go through" tells the caller the second try failed too', () => {
    const turns: TurnSpec[] = [
      ['user', 'we are free saturday morning'],
      ['agent', "I'm sorry, I tried to schedule the home check for Saturday, but it didn't go through."],
      ['user', 'try again'],
      ['agent', "I've tried again and it still won't go through. I've sent your details to the homing team."],
      ['user', 'ok'],
    ];
    const failed = (turn: number) => bookingCall('failed', { at_ms: turn * 1000 + 500 });
    const timed = turns.map(
      ([speaker, text], index): TurnSpec => [speaker, text, { start_ms: index * 1000, end_ms: index * 1000 + 900 }],
    );
    expect(score('booking_failure_disclosed', timed, [failed(1), failed(3)]).verdict).toBe('pass');
    const silent: TurnSpec[] = [...timed.slice(0, 3), ['agent', "I've sent your details to the homing team.", {}]];
    expect(score('booking_failure_disclosed', silent, [failed(1), failed(3)]).verdict).toBe('fail');
  });
});
