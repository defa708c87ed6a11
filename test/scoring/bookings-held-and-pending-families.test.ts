/**
 * Families of booking wording found in the spent batch eval/fresh-7 (read after its last run): claims in words the
 * patterns missed ("you're both in for Saturday", "that's gone in the diary", a claim before "a.m. A technician
 * will call"), and statements that are no claim (a booking still pending, one confirmed only once a deposit is
 * paid, a rule about tickets "booked online", an order confirmed where no booking tool was called), and a claim with only a text message sent behind it,
 * which books nothing. Each family has a counter-example; every case is
 * scored with the trained models, as the service scores, and by the written rules alone.
 */
import { describe, expect, it } from 'vitest';
import { loadTrainedModels } from '../../src/main/model-files.js';
import { bookingCall, builtinScorer, READINGS, type TurnSpec } from './conversation.js';

const { models } = loadTrainedModels();

describe.each(READINGS)('bookings held, pending and claimed, %s', (_, withModels) => {
  const score = builtinScorer(withModels ? models : null);
  const afterAskingToBook = (report: string): TurnSpec[] => [
    ['user', 'can you book the two of us in for Saturday morning?'],
    ['agent', 'One moment.'],
    ['agent', report],
    ['user', 'lovely, thanks'],
  ];

  it.each([
    "You're both in for Saturday at ten.",
    "That's gone in the diary for Saturday at ten.",
    "That's booked for Saturday from eight a.m. A technician will call you thirty minutes before.",
  ])('"%s" after a successful booking call is a claim it backs', (report) => {
    const result = score('booking_confirmation_accurate', afterAskingToBook(report), [bookingCall('success')]);
    expect(result.verdict).toBe('pass');
  });

  it('counter-example: the same claim with no booking call fails, and a slot "gone" is still no room', () => {
    const unbacked = score('booking_confirmation_accurate', afterAskingToBook("You're both in for Saturday at ten."));
    expect(unbacked.verdict).toBe('fail');
    const noRoom = score('booking_failure_disclosed', afterAskingToBook('Sorry, Saturday is gone.'), [
      bookingCall('failed'),
    ]);
    expect(noRoom.verdict).toBe('pass');
  });

  it.each([
    "Your request is in, but it's pending confirmation from the depot.",
    "I've reserved a slot in the June list for you, pending your deposit of fifty pounds.",
    "I can hold it for 48 hours; it's confirmed once the £200 deposit is paid.",
    'The first 50 family tickets booked online with code RUDOLPH50 are free for weekday visits.',
    "You'll get an email within 2 hours saying whether it's confirmed.",
  ])('"%s" claims no booking made', (report) => {
    const result = score('booking_confirmation_accurate', afterAskingToBook(report));
    expect(result.verdict).toBe('not_applicable');
  });

  it('a booking call still pending, with an email promised to say whether it is confirmed, leaves it unresolved', () => {
    const result = score(
      'outcome',
      [
        ['user', 'can i hire a candy floss machine for sat 5th'],
        ['agent', 'Sure! Sending the request to our depot now.'],
        [
          'agent',
          "Your request is in, but it's pending. You'll get an email within 2 hours saying whether it's confirmed.",
        ],
        ['user', 'ok will watch my email'],
      ],
      [bookingCall('pending')],
    );
    expect(result.choice).toBe('unresolved');
    expect(result.reason).toMatch(/never confirmed/);
  });

  it('an order confirmed is a purchase where no booking tool was called, a booking where one placed it', () => {
    const turns = afterAskingToBook("Your order's confirmed. Upload the artwork with the link I've emailed.");
    const purchase = score('booking_confirmation_accurate', turns, [
      { type: 'tool_call', name: 'create_order', status: 'success' },
    ]);
    expect(purchase.verdict).toBe('not_applicable');
    const booked = score('booking_confirmation_accurate', turns, [
      { type: 'tool_call', name: 'book_order', status: 'success' },
    ]);
    expect(booked.verdict).toBe('pass');
  });

  it('a booking claimed with only a text message sent behind it is unbacked, and the caller did not get it', () => {
    const turns: TurnSpec[] = [
      ['user', "Hi, I'd like to join the Tuesday lip-reading class at the library"],
      ['agent', "You're very welcome. I'll text you the details."],
      ['agent', "Done. You're booked onto Tuesday's class at 2pm, and the text has the room number."],
      ['user', "Thank you, that's really kind"],
    ];
    const texted = [{ type: 'tool_call', name: 'send_sms', status: 'success' }];
    expect(score('booking_confirmation_accurate', turns, texted).verdict).toBe('fail');
    const outcome = score('outcome', turns, texted);
    expect(outcome.choice).toBe('unresolved');
    expect(outcome.reason).toMatch(/confirmed a booking that no booking tool call made/);
    // Counter-example: work of another kind done by a tool ("enrol_student") may be the booking itself.
    const enrolled = score('outcome', turns, [{ type: 'tool_call', name: 'enrol_student', status: 'success' }]);
    expect(enrolled.choice).toBe('resolved');
  });
});
