/**
 * Booking claims found in the spent batches eval/fresh-10 and eval/fresh-11 (read after their last runs): the result
 * said after a pause in the same breath as the intent ("Let me get that scheduled... Booked: Wednesday", "One
 * moment... done — Tuesday at 8:30 under Adeyemi-Clarke"), and a place given as the caller's with words between
 * ("pod 14 on the female-only floor is yours for Friday night"). Each family has counter-examples; every case is
 * scored with the trained models, as the service scores, and by the written rules alone. From the spent eval/fresh-12:
 * "Done — I've passed your dates to the reservations team" says what was done, no booking, and "bookings are
 * confirmed by the secretary" is a rule, not a booking made.
 */
import { describe, expect, it } from 'vitest';
import { loadTrainedModels } from '../../src/main/model-files.js';
import { builtinScorer, READINGS } from './conversation.js';

const { models } = loadTrainedModels();

describe.each(READINGS)('claims after a pause, %s', (_, withModels) => {
  const score = builtinScorer(withModels ? models : null);
  const said = (line: string, status: string) =>
    score(
      'booking_confirmation_accurate',
      [
        ['user', 'can I book a slot for Wednesday morning?'],
        ['agent', line],
        ['user', 'thanks'],
      ],
      [{ type: 'tool_call', name: 'book_slot', status, at_turn: 1 }],
    ).verdict;

  it.each([
    'Thanks. Let me get that scheduled... Booked: Wednesday, morning slot (8am-12pm).',
    'One moment... done — Wednesday at 8:30 under Adeyemi-Clarke. Bring your key and photo ID.',
    'Let me reserve that… great, pod 14 on the female-only floor is yours for Wednesday night!',
  ])('"%s" tells the caller a booking was made (fail after a timed-out call, pass after a successful one)', (line) => {
    expect(said(line, 'timeout')).toBe('fail');
    expect(said(line, 'success')).toBe('pass');
  });

  it.each([
    'Let me check... hmm, Wednesday morning is full, I am afraid. Thursday?',
    'One moment... Wednesday has 8:30 or 10:00, which would you like?',
    'Your insurer paid $3,140 and applied $1,200 to your deductible, so that part is yours.',
    'Done — I have passed your dates and email to the reservations team. They will write once it is placed.',
    'Wednesday morning is free. Slot bookings are confirmed by the site secretary, so I can take your details for him.',
  ])('counter-example: "%s" claims no booking', (line) => {
    expect(said(line, 'timeout')).toBe('not_applicable');
  });
});
