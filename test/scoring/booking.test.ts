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
