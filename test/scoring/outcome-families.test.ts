/**
 * Families of evidence for `outcome`: whether the caller got what they came for. Each family has paraphrases the
 * development set does not contain and a counter-example that must not fire. Every case is scored with the trained
 * models, as the service scores, and by the written rules alone.
 */
import { describe, expect, it } from 'vitest';
import type { CheckResultDraft } from '../../src/domain/checks.js';
import type { ConversationEvent, ScorableConversation } from '../../src/domain/conversation.js';
import { loadTrainedModels } from '../../src/main/model-files.js';
import { BUILTIN_CHECKS } from '../../src/scoring/builtin-checks.js';
import { scoreConversation } from '../../src/scoring/pipeline.js';
import { conversation, READINGS, type TurnSpec } from './conversation.js';

const { models } = loadTrainedModels();
const OUTCOME = BUILTIN_CHECKS.filter((check) => check.key === 'outcome');

const tool = (name: string, status?: string): ConversationEvent => ({
  type: 'tool_call',
  name,
  ...(status === undefined ? {} : { status }),
});

describe.each(READINGS)('outcome families, %s', (_, withModels) => {
  function outcome(turns: TurnSpec[], events: ConversationEvent[] = [], extra: Partial<ScorableConversation> = {}) {
    const scorable = { ...conversation(turns, events), ...extra };
    const [result] = scoreConversation(scorable, [...OUTCOME], undefined, withModels ? models : null).results;
    return result as CheckResultDraft;
  }

  describe('a booking only counts when a booking call made it', () => {
    const confirmations = [
      "Friday at 7 is open. Lane 12's yours for two hours, everything's sorted.",
      "Lovely, I've put you down for weekday visits at noon starting Monday.",
      "Great, you're booked in for Thursday at 3 with Dr. Patel.",
    ];
    it.each(confirmations)('only a lookup or an availability check behind "%s" is unresolved', (said) => {
      for (const name of ['check_availability', 'lookup_service_area', 'search_open_slots', 'getCalendar']) {
        const result = outcome(
          [
            ['user', 'Can I get something booked for this week?'],
            ['agent', said],
            ['user', 'Awesome, thanks.'],
          ],
          [tool(name, 'success')],
        );
        expect(result.choice, name).toBe('unresolved');
        expect(result.reason).toMatch(/no booking tool call made/);
      }
    });

    it('the same words after a booking call that succeeded are resolved', () => {
      const result = outcome(
        [
          ['user', 'Can I get something booked for this week?'],
          ['agent', confirmations[2] as string],
          ['user', 'Awesome, thanks.'],
        ],
        [tool('check_availability', 'success'), tool('book_appointment', 'success')],
      );
      expect(result.choice).toBe('resolved');
    });

    it('a booking call still pending, queued or processing leaves it unresolved, whatever was said', () => {
      for (const status of ['pending', 'queued', 'processing']) {
        const result = outcome(
          [
            ['user', 'two large pizzas for pickup please'],
            ['agent', 'Yay, the order went through! See you in 20 minutes.'],
            ['user', 'perfect'],
          ],
          [tool('place_order_booking', status)],
        );
        expect(result.choice, status).toBe('unresolved');
        expect(result.reason).toMatch(/never confirmed/);
      }
    });

    it('a booking call with no status is for a person to check, not resolved on the agent’s word', () => {
      const result = outcome(
        [
          ['user', 'need a video visit today'],
          ['agent', 'Booked! Your video visit is today at 2:15 PM.'],
          ['user', 'thx'],
        ],
        [tool('schedule_visit')],
      );
      expect(result.verdict).toBe('uncertain');
      expect(result.reason).toMatch(/reported no status/);
    });

    it('a booking made is resolved even when a note for the team goes with it', () => {
      const result = outcome(
        [
          ['user', 'A table for two on Friday, it is our anniversary.'],
          [
            'agent',
            "Your table will be waiting for you Friday at 6:15, and I've added a note about the anniversary so the team can bring out a little something.",
          ],
          ['user', 'Now that is mighty kind.'],
        ],
        [tool('book_table', 'success')],
      );
      expect(result.choice).toBe('resolved');
      expect(result.reason).toMatch(/booking went through/);
    });
  });

  describe('a callback, a message taken, a waitlist place or a ticket hands the request on', () => {
    const handOns = [
      ['request_callback', "I've put in a callback request; a scheduler will phone you tomorrow morning."],
      ['take_message', "I've passed that along to Dr. Okafor, and she'll ring you this afternoon."],
      ['add_to_wait_list', "You're on the waiting list for Saturday, second in line. We'll text you if a place opens."],
      ['escalate_to_billing', "I'm not able to waive it myself, so I've opened a query with the accounts team."],
    ] as const;
    it.each(handOns)('%s: "%s" is unresolved even with thanks', (name, said) => {
      const result = outcome(
        [
          ['user', 'I need this sorted out please.'],
          ['agent', said],
          ['user', 'Right. Thanks.'],
        ],
        [tool(name, 'success')],
      );
      expect(result.choice).toBe('unresolved');
    });

    it('tickets booked are a booking, not a support ticket', () => {
      const result = outcome(
        [
          ['user', 'One sleeper seat to Hyderabad tomorrow night please.'],
          ['agent', 'Your seat is confirmed: L7 on the 9:30pm sleeper. PNR is KB47219.'],
          ['user', 'ok thank you'],
        ],
        [tool('book_ticket', 'success')],
      );
      expect(result.choice).toBe('resolved');
    });

    it('a gift message added to an order is work done, not a message for someone', () => {
      const result = outcome(
        [
          ['user', 'Can you add a card saying happy birthday?'],
          ['agent', 'Added. The bouquet is on its way today between 2 and 6, card included.'],
          ['user', 'perfect thank you!!'],
        ],
        [tool('create_order', 'success'), tool('add_gift_message', 'success')],
      );
      expect(result.choice).toBe('resolved');
    });
  });

  describe('someone else will deal with it later', () => {
    const deferrals = [
      'A scheduler will phone you, most likely tomorrow, to put the inspection on the calendar.',
      "They'll email you within three to five working days once the bursar has looked at it.",
      "I've asked the office to ring you this afternoon to get Wednesday booked properly.",
      "I've asked her to call you back between surgeries.",
      "I've opened a case with our claims team.",
      'The warehouse team will investigate it this week.',
      "I've added that to the file so the manager can review it.",
      "I'll flag it as urgent for the adjuster.",
    ];
    it.each(deferrals)('"%s" is unresolved', (said) => {
      const result = outcome([
        ['user', 'I want this fixed today.'],
        ['agent', said],
        ['user', 'okay'],
      ]);
      expect(result.choice).toBe('unresolved');
      expect(result.reason).toMatch(/left it for later/);
    });

    it.each([
      "Done, the credit is applied. We'll text you when the outage is cleared.",
      "I've refunded it, and I'll email you the receipt now.",
      "I've reversed the charge, and I've flagged the account so the fee won't be charged again.",
    ])('news of something under way or sent now is no deferral: "%s"', (said) => {
      const result = outcome([
        ['user', 'Can you sort the charge out?'],
        ['agent', said],
        ['user', 'ok good'],
      ]);
      expect(result.choice).toBe('resolved');
    });

    it('a reference number for a request refused or handed on is not the request done', () => {
      const result = outcome([
        ['user', 'I was charged twice, refund one of them.'],
        ['agent', "I'm not able to issue refunds for that myself. I've raised a review with our payments team."],
        ['user', 'ten days for your mistake'],
        ['agent', 'I understand. The reference number is PR-55102.'],
        ['user', 'ok'],
      ]);
      expect(result.choice).toBe('unresolved');
    });

    it('while a confirmation number after a booking is part of it', () => {
      const result = outcome(
        [
          ['user', 'A room for Friday night please.'],
          ['agent', 'You are booked for Friday. Your confirmation number is HX-4471.'],
          ['user', 'great thanks'],
        ],
        [tool('book_room', 'success')],
      );
      expect(result.choice).toBe('resolved');
    });

    it('a next step after a completion in the same turn leaves it resolved', () => {
      const result = outcome([
        ['user', 'Someone rear-ended me, I need to report it.'],
        ['agent', "Thank you. I've opened claim number 88-20417. An adjuster will contact you within 24 hours."],
        ['user', 'okay thank you'],
      ]);
      expect(result.choice).toBe('resolved');
    });

    it('but not after a refusal: "I can\'t transfer you, but your message is marked urgent. She\'ll be in touch."', () => {
      const result = outcome([
        ['user', 'Please put me through to my loan officer.'],
        ['agent', "I'm not able to transfer calls, but your message is marked urgent. She'll be in touch."],
        ['user', 'Fine.'],
      ]);
      expect(result.choice).toBe('unresolved');
    });
  });

  describe('the agent saying it is not done yet', () => {
    it.each([
      "I've sent the request, but nothing's been scheduled yet.",
      "It's still processing on our side.",
      "I don't want to tell you it's booked until it's confirmed.",
      'The seats are not held in the meantime, so sooner is better.',
      'The claim is still under review.',
    ])('"%s" is unresolved', (said) => {
      const result = outcome([
        ['user', 'So is it done?'],
        ['agent', said],
        ['user', 'Okay, fair enough.'],
      ]);
      expect(result.choice).toBe('unresolved');
      expect(result.reason).toMatch(/not done yet/);
    });

    it('a plain time ("you won\'t be charged until check-in") is an answer, not a wait', () => {
      const result = outcome([
        ['user', 'When do I pay for the room?'],
        ['agent', "You won't be charged until check-in, on the 12th."],
        ['user', 'great, thanks'],
      ]);
      expect(result.choice).toBe('resolved');
    });
  });

  describe('how the caller signs off', () => {
    const answered: TurnSpec[] = [
      ['user', 'Has my claim been approved?'],
      ['agent', 'It is with an assessor at the moment.'],
    ];
    it.each(['Thanks, I guess.', 'Thank you, I suppose.', 'ok. thx i guess'])(
      'thanks with a hedge ("%s") is no satisfied goodbye',
      (said) => {
        expect(outcome([...answered, ['user', said]]).choice).toBe('unresolved');
      },
    );
    it('while plain thanks after the same answer is', () => {
      expect(outcome([...answered, ['user', 'Great, thanks!']]).choice).toBe('resolved');
    });

    it.each([
      'nvm ill just call the store',
      'cool cool. so i just dont get my bag then',
      "I'll find someone else.",
      "Thanks so much, super helpful. I'll go to a competitor.",
    ])('giving up ("%s") is unresolved', (said) => {
      const result = outcome([
        ['user', 'Why is my bill higher this month?'],
        ['agent', 'You can view your bill in the app.'],
        ['user', said],
      ]);
      expect(result.choice).toBe('unresolved');
    });

    it.each([
      "Oh, it's on! You're a lifesaver.",
      'that did the trick, legend',
      'Smashing.',
      'Grand.',
      'Sound.',
      'oh thank god okay',
    ])('praise, approval, relief or a fix that works ("%s") is a satisfied goodbye', (said) => {
      const result = outcome([
        ['user', 'My thermostat screen is blank.'],
        ['agent', 'Plug the display into a phone charger for ten minutes, then clip it back on.'],
        ['user', said],
      ]);
      expect(result.choice).toBe('resolved');
    });

    it('a hope is no fix: "I\'ll see if it works" after a refusal is not a satisfied goodbye', () => {
      const result = outcome([
        ['user', 'Can you reset my router remotely?'],
        ['agent', "Unfortunately I can't do that from here. You could try unplugging it for a minute."],
        ['user', "ok i'll see if it works"],
      ]);
      expect(result.choice).toBe('unresolved');
    });

    it('thanks alone after a refusal is politeness: unresolved', () => {
      const result = outcome(
        [
          ['user', 'My flight was cancelled, can I get a refund on the room?'],
          ['agent', "That was a non-refundable rate, so I'm not able to refund it, I'm afraid."],
          ['user', 'even if the airline cancelled'],
          ['agent', "Unfortunately yes, the rate doesn't allow refunds for any reason."],
          ['user', 'Okay. Thank you.'],
        ],
        [tool('lookup_reservation', 'success')],
      );
      expect(result.choice).toBe('unresolved');
    });

    it('a refusal outside the agent’s side ("we don\'t handle that") with a plain thanks is unresolved', () => {
      const result = outcome([
        ['user', 'I need help with a parking fine.'],
        ['agent', "We don't deal with parking fines, I'm sorry. You might try the council."],
        ['user', 'Oh, okay, thanks.'],
      ]);
      expect(result.choice).toBe('unresolved');
    });
  });

  describe('what counts as an answer', () => {
    it('a question without its question mark, answered in numbers spoken as words, is answered', () => {
      for (const [asked, answer] of [
        ['hiya do you do adult only nights', 'We do. Thursdays eight till ten, eighteen plus, nine pounds.'],
        [
          "right well what's the water like this week",
          'It was fourteen degrees this morning, four pounds fifty a swim.',
        ],
        ['do i need to bring my own towel or do u give', 'Both are included: a towel and slippers.'],
      ] as const) {
        const result = outcome([
          ['agent', 'Hello, how can I help?'],
          ['user', asked],
          ['agent', answer],
          ['user', 'right'],
        ]);
        expect(result.choice, asked).toBe('resolved');
        expect(result.reason, asked).toMatch(/answered the caller's question in turn 3/);
      }
    });

    it('"one moment" is no number, and a greeting with no question asks nothing', () => {
      const result = outcome([
        ['user', 'hiya my boiler has packed in again'],
        ['agent', 'One moment please.'],
        ['user', 'right'],
      ]);
      expect(result.reason).not.toMatch(/answered/);
    });

    it('the answer may come after the agent asks for details', () => {
      const result = outcome(
        [
          ['user', 'where is my refund. returned the boots 2 weeks ago'],
          ['agent', 'I can check on that. Could you share your order number?'],
          ['user', 'TR-448120'],
          ['agent', 'Thanks. A refund of $89.95 went out on the 11th, so it should show up by Friday.'],
          ['user', 'ok'],
        ],
        [],
        { channel: 'chat', ended_by: 'timeout' },
      );
      expect(result.choice).toBe('resolved');
    });

    it('an answer to "is this automated?" is not what the caller came for, and a question left open waits on them', () => {
      const result = outcome(
        [
          ['user', 'my order is late again, over an hour now'],
          ['agent', "I'm sorry. Could you send me the order number so I can credit the right one?"],
          ['user', 'is this automated'],
          [
            'agent',
            "Yes, I'm an automated assistant, but I can issue credits for late orders. What's the order number?",
          ],
        ],
        [],
        { channel: 'chat', ended_by: 'timeout' },
      );
      expect(result.choice).toBe('unresolved');
      expect(result.reason).toMatch(/never answered/);
    });

    it("\"I can't say I'm human - I'm a bot, but ...\" speaks of the agent, not of the request", () => {
      const result = outcome([
        ['user', 'when is the last day to drop a class'],
        ['agent', 'The last day to drop without a W is February 7.'],
        ['user', 'are you human or'],
        ['agent', "I can't say I'm human - I'm a bot, but I'm reliable on deadlines. Anything else?"],
        ['user', 'ok thats all thx'],
      ]);
      expect(result.choice).toBe('resolved');
    });

    it('but "as an automated assistant, I can\'t ..." refuses the request', () => {
      const result = outcome([
        ['user', 'I want a refund for the late delivery.'],
        ['agent', "As an automated assistant, I can't issue refunds."],
        ['user', 'ok'],
      ]);
      expect(result.choice).toBe('unresolved');
      expect(result.reason).toMatch(/could not help/);
    });

    it('the agent asking for the same thing again and again is a loop', () => {
      const result = outcome([
        ['agent', 'Hi there. Can I have your account number?'],
        ['user', '4409172'],
        ['agent', 'Thanks. What is the problem?'],
        ['user', 'the unit beeps with error E3'],
        ['agent', 'I can help with that. Can I have your account number?'],
        ['user', 'I just gave it to you. 4409172.'],
      ]);
      expect(result.choice).toBe('unresolved');
      expect(result.reason).toMatch(/repeated itself/);
    });
  });

  describe('a tool that failed', () => {
    it('a reset link claimed after reset_password errored is unresolved', () => {
      const turns: TurnSpec[] = [
        ['user', 'locked out, need to reset my password'],
        ['agent', 'A reset link has been sent to the email on file. It should arrive in a few minutes.'],
        ['user', 'ok ill wait'],
      ];
      expect(outcome(turns, [tool('reset_password', 'error')]).choice).toBe('unresolved');
      expect(outcome(turns, [tool('reset_password', 'error')]).reason).toMatch(/reset_password error/);
      // A retry that succeeded makes up for it.
      expect(outcome(turns, [tool('reset_password', 'error'), tool('reset_password', 'success')]).choice).toBe(
        'resolved',
      );
    });
  });
});
