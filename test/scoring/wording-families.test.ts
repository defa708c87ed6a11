/**
 * Families of wordings the offline model reads, one case each: answers that resolve a question, callers
 * who never said what they wanted, joy that is loud, confirmations in other words, claims to be a person.
 */
import { describe, expect, it } from 'vitest';
import { readSentences } from '../../src/scoring/model/nlp.js';
import { bookingCall, conversation, scoreBuiltin } from './conversation.js';

describe('outcome', () => {
  it('is resolved when the caller’s question got a concrete answer, even without thanks', () => {
    const result = scoreBuiltin(
      'outcome',
      conversation(
        [
          ['user', 'is the oakmont branch open saturdays'],
          ['agent', 'Yes, the Oakmont branch is open Saturdays from 9 a.m. to 1 p.m.'],
          ['user', 'ok'],
          ['agent', 'Is there anything else I can help you with today?'],
        ],
        [],
        'chat',
      ),
    );
    expect(result.choice).toBe('resolved');
    expect(result.reason).toContain('answered');
  });

  it('is unresolved when the agent only promises that someone will get back to the caller', () => {
    const result = scoreBuiltin(
      'outcome',
      conversation([
        ['user', 'my furnace is making a banging noise can someone tell me if it is safe'],
        ['agent', 'I have added a note to your account and a technician will get back to you tomorrow.'],
        ['user', 'alright i guess i will wait then'],
      ]),
    );
    expect(result.choice).toBe('unresolved');
  });

  it('reads "no, that is fine ... thank you" as a satisfied goodbye', () => {
    const result = scoreBuiltin(
      'outcome',
      conversation([
        ['user', 'why is my bill double this month'],
        ['agent', 'The last two bills were estimated, and this one includes the catch-up from an actual reading.'],
        ['agent', 'You can split it over two payments if that helps.'],
        ['user', 'no that is fine as long as I know why okay thank you for explaining'],
      ]),
    );
    expect(result.choice).toBe('resolved');
  });
});

describe('real_inquiry', () => {
  it('is not met when the caller never says anything but hello', () => {
    const result = scoreBuiltin(
      'real_inquiry',
      conversation(
        [
          ['user', 'hello'],
          ['agent', 'Hi! What can I help you with today?'],
          ['agent', 'Since I have not heard back, I will close this chat.'],
        ],
        [],
        'chat',
      ),
    );
    expect(result.verdict).toBe('not_met');
  });

  it('is met when a salesperson turns to a need of their own', () => {
    const result = scoreBuiltin(
      'real_inquiry',
      conversation([
        ['user', 'hi this is jordan with rankwell digital we help dental practices get to the top of google maps'],
        ['agent', 'Thanks, but the practice is not looking for marketing services.'],
        ['user', 'no problem actually while i have you i just moved here do you take delta dental'],
        ['agent', 'We do.'],
      ]),
    );
    expect(result.verdict).toBe('met');
  });

  it('is not met for a test call that says so', () => {
    const result = scoreBuiltin(
      'real_inquiry',
      conversation([
        ['agent', 'Good evening, how may I help?'],
        ['user', 'hey it is Tomas from front office this is just a test I wanted to hear the new greeting'],
      ]),
    );
    expect(result.verdict).toBe('not_met');
  });
});

describe('person_request_honored', () => {
  it('hears a request that follows a leading "no" and a role with a modifier', () => {
    const result = scoreBuiltin(
      'person_request_honored',
      conversation(
        [
          ['agent', 'I can book you another appointment on Thursday.'],
          ['user', 'no i do not want another appointment i want to talk to the service manager'],
          ['agent', 'Connecting you now.'],
        ],
        [{ type: 'transfer', target: 'service_manager' }],
      ),
    );
    expect(result.verdict).toBe('pass');
  });

  it('does not take "you sound like a real person" for a request', () => {
    const result = scoreBuiltin(
      'person_request_honored',
      conversation([
        ['agent', 'You are booked for Tuesday at 3.'],
        ['user', 'great thanks, wow you sound like a real person by the way'],
      ]),
    );
    expect(result.verdict).toBe('not_applicable');
  });
});

describe('frustration', () => {
  it('does not read joy in capitals and exclamation marks as anger', () => {
    const result = scoreBuiltin(
      'frustration',
      conversation(
        [
          ['agent', 'Good news, the 6:15 table is free tonight.'],
          ['user', 'YES thank you so much!!! she is going to be so happy'],
        ],
        [],
        'chat',
      ),
    );
    expect(result.verdict).toBe('pass');
  });

  it('counts an apology for an earlier outburst as frustration', () => {
    const result = scoreBuiltin(
      'frustration',
      conversation([
        ['user', 'my room still is not ready this is unacceptable'],
        ['agent', 'I have upgraded you to a suite that is ready now.'],
        ['user', 'okay thank you sorry i snapped a bit it has been a long day'],
      ]),
    );
    expect(result.verdict).toBe('fail');
  });

  it('does not count frustration with oneself', () => {
    const result = scoreBuiltin(
      'frustration',
      conversation([['user', 'I am so frustrated with myself, I forgot my password again']], [], 'chat'),
    );
    expect(result.verdict).toBe('pass');
  });
});

describe('ai_disclosure', () => {
  it.each([
    ['am i chatting w a real human or ai', 'Haha no, just a human here!'],
    ['is this one of those automated things', 'Nope, not automated. You are talking with the reservations desk.'],
    ['u sound like a real person lol', "That's because I am one!"],
    ['can i talk to the adjuster', "I'm a licensed agent, a real person, so I can help here."],
  ])('fails when asked "%s" the agent answers "%s"', (question, answer) => {
    const result = scoreBuiltin(
      'ai_disclosure',
      conversation([
        ['user', question],
        ['agent', answer],
      ]),
    );
    expect(result.verdict).toBe('fail');
  });

  it('passes "not a recording" said by an automated assistant', () => {
    const result = scoreBuiltin(
      'ai_disclosure',
      conversation([
        ['user', 'hello is this a recording'],
        ['agent', "Not a recording. You've reached Skyline Air's automated assistant."],
      ]),
    );
    expect(result.verdict).toBe('pass');
  });
});

describe('booking_confirmation_accurate', () => {
  it.each([
    ["You're on bike 22 for Saturday 9:00 AM Spin, that's locked in."],
    ["All right, I've moved you to Friday at 12:15 with Kevin."],
    ['Booked ✅ Your video visit is today at 2:15 PM.'],
    ['Okay, that worked this time. Your cleaning is now Friday at 1:00 p.m.'],
  ])('reads "%s" after a successful booking as a confirmation', (said) => {
    const result = scoreBuiltin(
      'booking_confirmation_accurate',
      conversation(
        [
          ['user', 'can you book me in for that'],
          ['agent', said],
        ],
        [bookingCall('success')],
      ),
    );
    expect(result.verdict).toBe('pass');
  });

  it('fails "Friday at 5:30 with Andre it is" after the booking call failed', () => {
    const result = scoreBuiltin(
      'booking_confirmation_accurate',
      conversation(
        [
          ['user', 'friday with andre please'],
          ['agent', 'Perfect, Friday at 5:30 with Andre it is. You will get a text shortly.'],
        ],
        [bookingCall('failed')],
      ),
    );
    expect(result.verdict).toBe('fail');
  });
});

describe('negation', () => {
  it('reaches a few words, not the rest of the turn, and not past an answering "no"', () => {
    const [sentence] = readSentences('no i do not want another appointment i want to talk to the manager', {
      sentiment: false,
    });
    const words = sentence?.text.split(' ') ?? [];
    const negatedWords = words.filter((_, index) => sentence?.negated[index]);
    expect(negatedWords).toContain('want');
    expect(negatedWords).not.toContain('manager');
    expect(sentence?.negated[0]).toBe(false);
  });
});
