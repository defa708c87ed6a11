import { describe, expect, it } from 'vitest';
import { bookingCall, conversation, scoreBuiltin, type TurnSpec } from './conversation.js';

const askAndConfirm = (confirmation: string): TurnSpec[] => [
  ['user', 'Can I get a cleaning on Tuesday?'],
  ['agent', 'Tuesday at 3 is open.'],
  ['user', 'Great.'],
  ['agent', confirmation],
];

describe('booking_confirmation_accurate', () => {
  it('passes a confirmation made after a successful booking call, in other words too', () => {
    for (const said of [
      "You're all set for Tuesday at 3.",
      'Got you down for Tuesday at 3.',
      'Booking was successful.',
    ]) {
      const result = scoreBuiltin(
        'booking_confirmation_accurate',
        conversation(askAndConfirm(said), [bookingCall('success')]),
      );
      expect(result, said).toMatchObject({ verdict: 'pass', evidence_turns: [3] });
    }
  });

  it('fails a confirmation when the booking call failed', () => {
    const result = scoreBuiltin(
      'booking_confirmation_accurate',
      conversation(askAndConfirm("You're all set for Tuesday at 3."), [bookingCall('failed')]),
    );
    expect(result).toMatchObject({ verdict: 'fail', evidence_turns: [3] });
    expect(result.reason).toContain('book_appointment failed');
  });

  it('fails a confirmation that came before the booking call succeeded (timed)', () => {
    const result = scoreBuiltin(
      'booking_confirmation_accurate',
      conversation(
        [
          ['user', 'Friday at 11 please.', { start_ms: 0, end_ms: 2000 }],
          ['agent', "Alright, you're booked for Friday at 11.", { start_ms: 2500, end_ms: 5000 }],
        ],
        [bookingCall('success', { at_ms: 9000 })],
      ),
    );
    expect(result.verdict).toBe('fail');
  });

  it('treats an untimed booking call as made before the confirmation', () => {
    const result = scoreBuiltin(
      'booking_confirmation_accurate',
      conversation(
        [
          ['user', 'Friday at 11 please.'],
          ['agent', "Alright, you're booked for Friday at 11."],
        ],
        [bookingCall('ok')],
      ),
    );
    expect(result.verdict).toBe('pass');
  });

  it('is not applicable when the agent never says a booking was made', () => {
    const result = scoreBuiltin(
      'booking_confirmation_accurate',
      conversation(
        [
          ['user', 'Can I book Tuesday?'],
          ['agent', 'Would you like me to book Tuesday at 3?'],
        ],
        [bookingCall('success')],
      ),
    );
    expect(result).toMatchObject({ verdict: 'not_applicable', score: null });
  });

  it('is uncertain when the booking call reported no status', () => {
    const result = scoreBuiltin(
      'booking_confirmation_accurate',
      conversation(askAndConfirm('Your appointment is confirmed for Tuesday at 3.'), [bookingCall()]),
    );
    expect(result.verdict).toBe('uncertain');
  });
});

describe('booking_failure_disclosed', () => {
  it('passes when the agent admits the failure, even vaguely', () => {
    const result = scoreBuiltin(
      'booking_failure_disclosed',
      conversation(askAndConfirm("Hmm, I wasn't able to lock that in. Can someone call you back?"), [
        bookingCall('failed'),
      ]),
    );
    expect(result).toMatchObject({ verdict: 'pass', evidence_turns: [3] });
  });

  it('fails when the agent says the failed booking succeeded', () => {
    const result = scoreBuiltin(
      'booking_failure_disclosed',
      conversation(askAndConfirm('All done! See you Tuesday at 3.'), [bookingCall('timeout')]),
    );
    expect(result.verdict).toBe('fail');
    expect(result.reason).toContain('said it succeeded');
  });

  it('fails when the agent never mentions the failure', () => {
    const result = scoreBuiltin(
      'booking_failure_disclosed',
      conversation(askAndConfirm('Anything else I can help with?'), [bookingCall('error')]),
    );
    expect(result.verdict).toBe('fail');
    expect(result.reason).toContain('never told');
  });

  it('passes when a later booking call succeeded', () => {
    const result = scoreBuiltin(
      'booking_failure_disclosed',
      conversation(askAndConfirm("You're all set."), [bookingCall('failed'), bookingCall('success')]),
    );
    expect(result.verdict).toBe('pass');
  });

  it('is not applicable when no booking call failed', () => {
    const result = scoreBuiltin(
      'booking_failure_disclosed',
      conversation(askAndConfirm("You're all set."), [bookingCall('success')]),
    );
    expect(result).toMatchObject({ verdict: 'not_applicable', score: null });
  });
});

// Families of wording met in conversations written by people who never saw the model (eval/data/wider-*.json),
// each with paraphrases that are not in that data and a counter-example.
describe('booking statements in other words', () => {
  // The caller asks to book, so that a claim counts even where no booking tool was called.
  const askToBook = (said: string): TurnSpec[] => [
    ['user', 'Can I book a cleaning on Tuesday?'],
    ['agent', 'Tuesday at 3 is open.'],
    ['user', 'Great.'],
    ['agent', said],
  ];
  const verdict = (said: string, events = [bookingCall('success')]) =>
    scoreBuiltin('booking_confirmation_accurate', conversation(askToBook(said), events)).verdict;

  it('reads claims of many shapes: "\'s booked for", "is yours", "all sorted", "have you for", "will be waiting"', () => {
    for (const said of [
      "Order's in! It ships with Thursday's box.",
      "The order's placed: twelve yards of mulch, Monday 7 to 9.",
      "Lily's booked for a cleaning next Wednesday at 3:30.",
      "The 9:15's reserved for you.",
      "Lane 12's yours for two hours.",
      'Court 3 is yours from 6 to 7.',
      "Everything's sorted for Friday, just check in at the desk.",
      "That's all arranged for the 14th.",
      'Okay, we have you for the test on the 14th at ten.',
      "I've got you at 9:15 on Monday.",
      'Your window table will be waiting for you Friday at 6:15.',
      'The kayaks will be ready for you at 9.',
      'Our engineer Dave will come to you on Tuesday between 9 and 12.',
      'The crew will be there Monday at 8.',
      'Done and done. Thursday at 8.',
      "You're both set for Sunday.",
      'Everything has been booked. The venue is on Hastings Street.',
      'I was able to successfully confirm your reservation.',
      'You have yourself a car.',
      "Car's yours, pick it up at nine.",
      'Congrats, your reservation has been made, is there anything else I can help with?',
      'I have purchased the tickets.',
      'Your seats have been paid for, enjoy the show.',
    ]) {
      expect(verdict(said), said).toBe('pass');
      expect(verdict(said, []), said).toBe('fail');
    }
  });

  it('does not take an offer, an intent, a taken choice still being booked or a callback for a claim', () => {
    for (const said of [
      'Today I can fit you in at 12:40 or 2:15.',
      "I'd be happy to get you booked for Tuesday.",
      'Sure, glad to get that booked. What is the vehicle?',
      '7:45 it is. Can I get a name and a mobile number?',
      'Tuesday at 3 it is. Which email should the reminder go to?',
      "I've asked the office to ring you this afternoon to get Wednesday booked properly.",
      "I'll have someone get back to you to get that scheduled.",
      'Your insurer paid $3,140, so that part is yours.',
      'It left the hub this morning and is scheduled for delivery on Thursday.',
      'I see an installation visit was scheduled for yesterday morning.',
      'It looks like that was booked last week.',
    ]) {
      expect(verdict(said, []), said).toBe('not_applicable');
    }
    expect(verdict('Friday at 5:30 with Andre it is.', [])).toBe('fail');
  });

  it('holds a claim made after a failed booking against that failure, unless the same turn tells it', () => {
    const both = [bookingCall('success', { at_ms: 1 }), bookingCall('failed', { name: 'book_facial', at_ms: 2 })];
    const claimed = scoreBuiltin(
      'booking_confirmation_accurate',
      conversation(askAndConfirm("You're both set for Sunday: massage at 1, facials at 2:15."), both),
    );
    expect(claimed.verdict).toBe('fail');
    expect(claimed.reason).toContain('book_facial had failed after the last booking that succeeded');
    const toldApart = verdict("Ellie's place at 9:30 is confirmed. Max's didn't go through, unfortunately.", both);
    expect(toldApart).toBe('pass');
  });
});
