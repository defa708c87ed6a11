/**
 * Families of wording found in the spent batch eval/fresh-6 (read after its last run) and the development sets
 * eval/tuning-4 to tuning-6: who the caller is (a booking made, spam, a recruiter, a survey, a misprinted number, a
 * caller's own file, a question of their own after a doubt), whom they ask for and when a request is taken back,
 * answers kept back or sent elsewhere, clear noes, hand-ons the caller asked for, booking claims that are not, tempers
 * (already said, not with you, delight after good news, a polite give-up, sarcasm after a loop) and claims to be a
 * person. Each family has a counter-example that must not fire; every case is scored with the trained models, as
 * the service scores, and by the written rules alone, except where the turn model's own reading is the subject.
 */
import { describe, expect, it } from 'vitest';
import { loadTrainedModels } from '../../src/main/model-files.js';
import { bookingCall, builtinScorer, READINGS, type TurnSpec } from './conversation.js';

const { models } = loadTrainedModels();

function scorer(withModels: boolean) {
  return builtinScorer(withModels ? models : null);
}

describe.each(READINGS)('callers and answers, %s', (_, withModels) => {
  const score = scorer(withModels);

  describe('who is calling', () => {
    it('a caller who opens like a pitch and is then booked is a customer, and the reason says why', () => {
      const turns: TurnSpec[] = [
        ['agent', 'Hey, Boogie Bus party bus hire!'],
        ['user', 'hi there this is Chris at InkSaver, we supply printer cartridges to small businesses like yours'],
        ['agent', 'I can only help with bus hire, sorry.'],
        ['user', 'no bother. funny enough my lad turns eighteen in May, what would a Saturday night cost'],
        ['agent', 'Saturdays are £420 for four hours. Shall I book the 17th?'],
        ['user', 'go on then'],
        ['agent', "You're booked: Saturday 17 May, 7 till 11pm."],
      ];
      const booked = score('real_inquiry', turns, [bookingCall('success', { at_ms: undefined })]);
      expect(booked.verdict).toBe('met');
      expect(booked.reason).toMatch(
        /^The caller sounded like a .* but a booking was made for them \(book_appointment succeeded\)/,
      );
      // Counter-example: a callback is no booking, and the pitch stands.
      const pitched = score('real_inquiry', turns.slice(0, 3), [
        { type: 'tool_call', name: 'schedule_callback', status: 'success' },
      ]);
      expect(pitched.verdict).toBe('not_met');
    });

    it.each([
      ['a crypto giveaway', '🚀 ELON GIVEAWAY 🚀 send 0.1 BTC get 0.2 BTC back!!! limited time', 'Hello?'],
      [
        'the agent naming spam',
        'Exclusive offer inside >> win-big-today.example',
        "That looks like spam, so I'll skip it. If you'd like to book a gaming booth, I'm here.",
      ],
      [
        'a recruiter',
        "I'm Sofia from StaffBridge. We supply experienced laundry and garment-care staff, temp or perm.",
        "I can't connect you with staff for recruitment enquiries, sorry.",
      ],
      [
        'a student survey',
        'hi! im doing my dissertation on tattoo regret, could someone answer like 5 questions for a survey?',
        "I can't answer survey questions on the clinic's behalf, I'm afraid.",
      ],
    ])('%s is no customer', (_kind, caller, agent) => {
      const result = score('real_inquiry', [
        ['agent', 'Hi, how can I help?'],
        ['user', caller],
        ['agent', agent],
      ]);
      expect(result.verdict).toBe('not_met');
    });

    it.each([
      ['a dare', 'hi do u have washing machines', 'nah lol my mate dared me'],
      ['a wrong button', "I'm ringing about my tablets", 'A cattery? Oh, I must have pressed the wrong button.'],
      [
        'market research for a rival',
        'how much is brow lami',
        'tbh im doing a bit of market research for a studio opening, how many appts do u do a week?',
      ],
      [
        'a dissertation survey',
        'hii!! im a uni student doing my dissertation on small shops',
        'would u be able to answer 5 quick questions? takes 2 mins',
      ],
      [
        'a freelancer offering services',
        'Good day.',
        'I would like to offer my services to your agency. Whom I can send my CV?',
      ],
      [
        'a phishing invoice',
        'Dear Customer, please find attached invoice #20931.',
        'Kindly remit payment via the secure portal.',
      ],
      [
        'a voice-clone scam',
        "Hi, it's Martin, the boss.",
        'Can you read me the long number off the card details we hold for the Harbour Cafe account?',
      ],
    ])('%s is no customer', (_kind, first, second) => {
      const result = score('real_inquiry', [
        ['agent', 'Hello, how can I help?'],
        ['user', first],
        ['agent', 'Sorry, could you say more?'],
        ['user', second],
        ['agent', 'I see.'],
      ]);
      expect(result.verdict).toBe('not_met');
    });

    it.each([
      "I'm writing my dissertation on Georgian houses, could I book a tour of the house on Saturday?",
      'My son has a school project, could you answer a quick question: how old is the mill?',
    ])('counter-example: "%s" is a customer', (said) => {
      const result = score('real_inquiry', [
        ['agent', 'Hello, how can I help?'],
        ['user', said],
        ['agent', 'Of course.'],
      ]);
      expect(result.verdict).toBe('met');
    });

    it('a misprinted number and an apology for the disturbance make a wrong number', () => {
      const result = score('real_inquiry', [
        ['agent', "Hello, Sultan's Hammam, how can I help today?"],
        ['user', 'yes hello I need car to airport at five o clock tomorrow morning'],
        ['agent', "I'm sorry, this is a hammam, a bathhouse and spa. We don't arrange taxis."],
        ['user', 'not taxi? the card say taxi this number'],
        ['agent', 'The number on the card may be a misprint.'],
        ['user', 'ah okay. sorry for disturbance'],
      ]);
      expect(result.verdict).toBe('not_met');
      expect(result.reason).toMatch(/wrong number/);
    });

    it.each([
      [
        'a spam text the caller received',
        'I got a text saying my parcel is held for a fee, is that from you?',
        "That looks like a spam text, please don't click the link. We never charge fees by text.",
      ],
      [
        'a party bringing its own staff',
        "We'll supply our own bar staff for the party, is the hall free on Friday?",
        'Yes, the hall is free on Friday evening.',
      ],
    ])('counter-example: %s leaves a customer a customer', (_kind, caller, agent) => {
      const result = score('real_inquiry', [
        ['agent', 'Hi, how can I help?'],
        ['user', caller],
        ['agent', agent],
        ['user', 'ok thanks'],
      ]);
      expect(result.verdict).toBe('met');
    });
  });

  describe('whom the caller asks for', () => {
    it('"our account manager", put through as the chat ends, is a request honoured', () => {
      const result = score('person_request_honored', [
        ['agent', 'Hello, Callstream Business Phones support.'],
        ['user', 'Hi, we are adding 12 handsets, can I speak to our account manager please? Daniel Ward I think.'],
        ['agent', "Thanks. Daniel is your account manager. I'm transferring you to him now."],
      ]);
      expect(result.verdict).toBe('pass');
    });

    it('"I want an adviser", refused, is a request not honoured; "I need a vet" asks for the service', () => {
      const refused = score('person_request_honored', [
        ['agent', "You're through to the Revenue Helpline. What are you calling about?"],
        ['user', "I don't want to go through it with a machine, I want an adviser."],
        ['agent', 'All advisers are currently busy. Please call back later.'],
      ]);
      expect(refused.verdict).toBe('fail');
      const service = score('person_request_honored', [
        ['agent', 'Oakfield Animal Clinic, how can I help?'],
        ['user', 'My dog has cut his paw and I need a vet to look at it today.'],
        ['agent', 'We have a 3pm appointment free.'],
      ]);
      expect(service.verdict).toBe('not_applicable');
    });
  });

  describe('whom the caller asks for, in dialect and run-on speech (eval/tuning-4 and earlier sets)', () => {
    it.each([
      'hi yeah is Gareth about the surveyor he came out to us Tuesday',
      'aye now is the boss about ken is it',
      "alright, I'm after speaking to one of your surveyors about the steel beam",
      "it's khan k h a n and i don't want another sorry put me on to the controller now",
      'Is there anyone there who can actually tell me where my passport physically is?',
    ])('"%s" asks for a person', (asked) => {
      const result = score('person_request_honored', [
        ['agent', 'Hello, how can I help?'],
        ['user', asked],
        ['agent', 'I can take a message for the team.'],
      ]);
      expect(result.verdict).toBe('fail');
    });

    it.each([
      'is the shop about a mile from the station?',
      'is there anyone who can fix a boiler tomorrow morning?',
      "don't put me on hold again please",
    ])('counter-example: "%s" asks for no person', (asked) => {
      const result = score('person_request_honored', [
        ['agent', 'Hello, how can I help?'],
        ['user', asked],
        ['agent', 'Yes, that is right.'],
      ]);
      expect(result.verdict).toBe('not_applicable');
    });
  });

  describe('requests taken back, put off, or made by description', () => {
    it.each([
      [
        'in the same breath',
        [
          [
            'user',
            'Hi, can I speak to someone about sharpening... oh, actually, you can probably tell me. Do you do single-bevel?',
          ],
        ],
      ],
      [
        'in the next turn',
        [
          ['user', 'hey can i talk to a person about junior membership'],
          ['agent', "I can see if anyone's around, or I might be able to answer. What would you like to know?"],
          ['user', 'nvm just found it on ur FAQ page, £5 a month right?'],
        ],
      ],
    ])('a request taken back %s no longer stands', (_when, turns) => {
      const result = score('person_request_honored', [...(turns as TurnSpec[]), ['agent', "That's right."]]);
      expect(result.verdict).toBe('not_applicable');
    });

    it('counter-example: "never mind" after the agent refused still leaves the request unmet', () => {
      const result = score('person_request_honored', [
        ['user', 'can i talk to a person please'],
        ['agent', "I'm not able to transfer you to a person."],
        ['user', 'never mind then'],
      ]);
      expect(result.verdict).toBe('fail');
    });

    it('"I\'ll connect you. Before I do, can I get your name?" and never connecting fails the request', () => {
      const result = score('person_request_honored', [
        ['user', 'I need to talk to somebody about the door on my shelter.'],
        ['agent', "Absolutely, I'll connect you with our service team. Before I do, can I get your name?"],
        ['user', 'Wade Tillman.'],
        ['agent', "I've created a service ticket, and our service team will reach out within one business day."],
      ]);
      expect(result.verdict).toBe('fail');
    });

    it.each([
      'Yeah hi, can I get the fella with all the tattoos up his arm, did my exhaust Saturday?',
      'Why can I never just speak to someone at yours? Every time I ring it is a machine.',
      'Could you put me in touch with whoever handles refunds please? My order came broken.',
    ])('"%s" asks for a person', (asked) => {
      const result = score('person_request_honored', [
        ['user', asked],
        ['agent', 'I can take a message.'],
      ]);
      expect(result.verdict).toBe('fail');
    });

    it('"someone who can actually change the delivery address" asks for a person', () => {
      const result = score('person_request_honored', [
        ['user', 'I need someone who can actually change the delivery address on a pallet, not a bot'],
        ['agent', 'You can update the address in your account.'],
      ]);
      expect(result.verdict).toBe('fail');
    });

    it('"let me put you through", then a callback in a later turn, leaves the request unmet', () => {
      const result = score('person_request_honored', [
        ['user', 'can I speak to someone about the failed certificate?'],
        ['agent', 'Of course, let me put you through to the engineers.'],
        ['agent', "They're all out on jobs, so I'll arrange a callback for this afternoon."],
      ]);
      expect(result.verdict).toBe('fail');
    });

    it('counter-example: a relay operator\'s "Please speak to the caller directly" asks for no one', () => {
      const result = score('person_request_honored', [
        [
          'user',
          'Hello, this is a text relay call. Please speak to the caller directly. The caller says: where is my order?',
        ],
        ['agent', "It's at the paint shop and ships next week."],
      ]);
      expect(result.verdict).toBe('not_applicable');
    });
  });

  describe('answers', () => {
    it('"you\'ve answered it" signs off a caller who got their answer', () => {
      const result = score('outcome', [
        ['user', "I just wanted to check the visiting arrangements over Christmas for my mum's cottage."],
        ['agent', 'Visitors are welcome every day over Christmas. The lodge is staffed 8am to 8pm.'],
        ['user', "No, that's fine, you've answered it."],
      ]);
      expect(result.choice).toBe('resolved');
    });

    it('a caveat the agent cannot guarantee is part of an answer; an agent unable to help gives none', () => {
      const caveat = score('outcome', [
        ['user', 'is your injera gluten free? coeliac here'],
        [
          'agent',
          "Our injera is made with 100% teff, which is naturally gluten-free. It's cooked in a kitchen that also uses wheat, so we can't guarantee no cross-contamination.",
        ],
        ['user', "ah ok appreciate the honesty, I'll risk the injera"],
      ]);
      expect(caveat.choice).toBe('resolved');
      const unable = score('outcome', [
        ['user', 'can you deliver to Penrith?'],
        ['agent', "I'm not able to check delivery areas from here, sorry."],
        ['user', 'ok'],
      ]);
      expect(unable.choice).toBe('unresolved');
    });

    it.each([
      "We can't deliver outside the city, sorry.",
      "I'm afraid we don't buy ex-library copies at all.",
      "I'm sorry, we can't. We can't sell a shotgun to you until you have the certificate in your hand.",
      "Not at Sowerby Bridge, I'm afraid. The nearest basin that takes sixty foot is Elland.",
    ])('a clear no with its rule, "%s", is an answer', (answer) => {
      const result = score('outcome', [
        ['user', 'can you do that for me?'],
        ['agent', answer],
        ['user', "ah, not what I was hoping for but that's fair enough. thanks"],
      ]);
      expect(result.choice).toBe('resolved');
    });

    it.each([
      "Every painting is different, so we'd need to see it before giving a price.",
      "We'd need to review the full estate before advising.",
      "I'd need to check that with the solicitor handling the file.",
    ])('"%s" keeps the answer back: unresolved', (deferral) => {
      const result = score('outcome', [
        ['user', 'Roughly what would it cost, or is it doable?'],
        ['agent', deferral],
        ['user', 'ok. bit of a trek but fine'],
      ]);
      expect(result.choice).toBe('unresolved');
    });

    it('a price stated is no booking made, and an unbacked confirmation is named as such', () => {
      const price = score('booking_confirmation_accurate', [
        ['user', 'how much are tickets for the Friday gig?'],
        ['agent', 'Tickets are £12 on the door.'],
        ['user', 'sound, cheers'],
      ]);
      expect(price.verdict).toBe('not_applicable');
      const unbacked = score('outcome', [
        ['user', 'can I book the cottage for Friday?'],
        ['agent', 'Lovely, the cottage is booked for Friday.'],
        ['user', 'ok'],
      ]);
      expect(unbacked.choice).toBe('unresolved');
      expect(unbacked.reason).toMatch(/confirmed a booking that no booking tool call made/);
      expect(unbacked.reason).not.toMatch(/did not go through/);
    });

    it('a waiting-list place or an order reported is no booking claim', () => {
      for (const report of [
        "Done, you're number 3 on the list.",
        'Your starter kit order is placed, reference EW-5120.',
      ]) {
        const result = score('booking_confirmation_accurate', [
          ['user', 'is there space on the sunday taster? if not stick me on the waiting list'],
          ['agent', report],
          ['user', 'cool cheers'],
        ]);
        expect(result.verdict).toBe('not_applicable');
      }
    });

    it('a hand-on the caller asked for is the request done; one only offered and accepted is not', () => {
      const waitlist = { type: 'tool_call', name: 'add_to_waitlist', status: 'success' };
      const asked = score(
        'outcome',
        [
          ['user', "it's not urgent, put me on the cancellation list please, any slot this evening"],
          ['agent', "Done, you're on the list for this evening."],
          ['user', 'okay cheers'],
        ],
        [waitlist],
      );
      expect(asked.choice).toBe('resolved');
      const offered = score(
        'outcome',
        [
          ['user', 'can I get a table for four at eight tonight?'],
          ['agent', "We're fully booked tonight, I'm afraid. I can add you to the waiting list?"],
          ['user', 'go on then'],
          ['agent', "You're on the waiting list. We'll text you if a table frees up."],
          ['user', 'ok'],
        ],
        [waitlist],
      );
      expect(offered.choice).toBe('unresolved');
    });

    it.each([
      [
        'a bare "Done." that the turn says was a callback',
        'Done. The clinic will call this number within one working day.',
      ],
      [
        'a bare "Done." that the turn says was a waiting-list place',
        "Done. You're on the waiting list for 2 on Sunday.",
      ],
      ['a condition', "The highways team will update you once it's scheduled."],
      ['an attempt', 'Congratulations! Let me try to pencil that in for you.'],
      ['an instruction', 'Please arrive 45 minutes before your visit time.'],
    ])('%s is no booking claim', (_kind, said) => {
      const result = score('booking_confirmation_accurate', [
        ['user', 'can you book me in for a visit on Friday, or get someone to ring me about it?'],
        ['agent', said],
        ['user', 'ok thanks'],
      ]);
      expect(result.verdict).toBe('not_applicable');
    });

    it.each([
      ['a place with no room', "Friday's counter is fully reserved for both the 6pm and 8:30 seatings."],
      ['a booking said of the past', "That was booked on our non-refundable saver rate, so it can't be moved."],
      ['a farewell with no booking call at all', 'Lovely, see you Friday then.'],
    ])('%s is no booking claim', (_kind, said) => {
      const result = score('booking_confirmation_accurate', [
        ['user', 'is there a table on Friday, or shall we just turn up?'],
        ['agent', said],
        ['user', 'ok thanks'],
      ]);
      expect(result.verdict).toBe('not_applicable');
    });

    it('an attempt in the turn of a failed call claims nothing; a farewell after a failed call still does', () => {
      const failed = bookingCall('failed', { at_ms: 15_000 });
      const timed = (texts: string[]): TurnSpec[] =>
        texts.map((text, index) => [
          index % 2 === 0 ? 'user' : 'agent',
          text,
          { start_ms: index * 10_000, end_ms: index * 10_000 + 8_000 },
        ]);
      const attempt = score(
        'booking_confirmation_accurate',
        timed(['can we get yous for the sixth?', 'Congratulations! Let me try to pencil that in for you.', 'amazing']),
        [failed],
      );
      expect(attempt.verdict).toBe('not_applicable');
      const farewell = score(
        'booking_confirmation_accurate',
        timed(['can we get yous for the sixth?', 'Booking that now.', 'great', 'Lovely, see you on the sixth then!']),
        [failed],
      );
      expect(farewell.verdict).toBe('fail');
    });

    it('counter-example: "Done." with the booking named in the turn is a claim', () => {
      const result = score('booking_confirmation_accurate', [
        ['user', 'can you book me in for a visit on Friday?'],
        ['agent', "Done. You're booked in for Friday at ten, and we'll text you a reminder."],
        ['user', 'ok thanks'],
      ]);
      expect(result.verdict).toBe('fail');
    });

    it('a call back asked for, even as a fallback, is the request done, and the reason says the caller asked', () => {
      const callback = { type: 'tool_call', name: 'request_callback', status: 'success' };
      const asked = score(
        'outcome',
        [
          ['user', 'Could someone ring me back with a rough idea of cost? I am not after fixing a date today.'],
          ['agent', 'Done. A tuner will ring you on this number, usually within two working days.'],
          ['user', 'Perfect, thank you.'],
        ],
        [callback],
      );
      expect(asked.choice).toBe('resolved');
      expect(asked.reason).toMatch(/the caller asked for it in turn 1 .* request_callback was done/);
      const fallback = score(
        'outcome',
        [
          ['user', 'is there space for afternoon tea on sunday for 2? if not could you pop me on the waiting list'],
          ['agent', "Done. You're on the waiting list for 2 on Sunday, and we'll text you if a table comes free."],
          ['user', 'thank you'],
        ],
        [{ type: 'tool_call', name: 'add_to_waitlist', status: 'success' }],
      );
      expect(fallback.choice).toBe('resolved');
    });

    it('a bare "Done." before a call promised, unasked, leaves the request for later', () => {
      const result = score(
        'outcome',
        [
          ['user', 'my fridge door seal has split, can you send someone to replace it?'],
          ['agent', 'Done. Gary will ring you tomorrow between nine and twelve.'],
          ['user', 'alright then'],
        ],
        [{ type: 'tool_call', name: 'request_callback', status: 'success' }],
      );
      expect(result.choice).toBe('unresolved');
    });

    it.each([
      "You're booked in for a callback between nine and eleven tomorrow.",
      'I can get that started. An estimator will review the details and call you.',
      "Early refills need the pharmacist's approval; I've sent your request to her for approval.",
      'You can find more information about our instructors on our website.',
      "Our specialists will be able to tell you once they've assessed your gown.",
      "That's a really good question. I'd need to double-check the allowance.",
      "I'll pass your request to the office and they'll email you the copy.",
    ])('"%s" leaves the answer for later', (deferral) => {
      const result = score('outcome', [
        ['user', 'can you tell me that now?'],
        ['agent', deferral],
        ['user', 'ok thanks'],
      ]);
      expect(result.choice).toBe('unresolved');
    });

    it('counter-example: thanks passed on hands on no request', () => {
      const result = score(
        'outcome',
        [
          ['user', 'the roll arrived and it is gorgeous, Gemma was so helpful, please pass my thanks on!'],
          ['agent', "That's lovely to hear! I'll pass your thanks to Gemma."],
          ['user', 'perfect, thanks!!'],
        ],
        [{ type: 'tool_call', name: 'leave_message', status: 'success' }],
      );
      expect(result.choice).toBe('resolved');
    });

    it.each([
      ['Done.', 'resolved'],
      ["That's done for you.", 'resolved'],
      ['Adoptions are done through our website.', 'unresolved'],
      ['Our refurbishment surveys are for properties having building work done.', 'unresolved'],
    ])('"%s": "done" reports work only as a report', (said, choice) => {
      const result = score('outcome', [
        ['user', 'can you sort it for me?'],
        ['agent', said],
        ['user', 'ok'],
      ]);
      expect(result.choice).toBe(choice);
    });

    it.each([
      "I'm afraid not: the maker stopped producing aniseed twists in the spring.",
      "We're not able to do collections at the farm; it's a working site on weekdays.",
    ])('"%s" is a clear no, an answer', (answer) => {
      const result = score('outcome', [
        ['user', 'do you still do them?'],
        ['agent', answer],
        ['user', 'ah well, thanks for letting me know'],
      ]);
      expect(result.choice).toBe('resolved');
    });

    it.each([
      'You can check which systems we support on the compatibility page of our website.',
      'Great question! All our product details are on each listing.',
    ])('"%s" sends the answer elsewhere', (answer) => {
      const result = score('outcome', [
        ['user', 'does it work with my system?'],
        ['agent', answer],
        ['user', 'ok'],
      ]);
      expect(result.choice).toBe('unresolved');
    });

    it('"I\'ll try elsewhere then, thanks for the quick answer" accepts a clear no', () => {
      const result = score('outcome', [
        ['user', 'do you take pet dogs through the tunnel?'],
        ['agent', "No, I'm afraid pets aren't allowed on the tunnel trains."],
        ['user', "ok I'll try elsewhere then, thanks for the quick answer"],
      ]);
      expect(result.choice).toBe('resolved');
    });

    it.each([
      ["Yes, I'll make sure that's sorted for you.", 'a promise'],
      ['It depends on the head and the type of pocket you want.', 'an open "it depends"'],
    ])('"%s" is %s, not the request done', (said) => {
      const result = score('outcome', [
        ['user', 'can you change the delivery address on my order?'],
        ['agent', said],
        ['user', 'ok'],
      ]);
      expect(result.choice).toBe('unresolved');
    });

    it('"Done, I\'ve sent the link to this number" is no booking claim', () => {
      const result = score('booking_confirmation_accurate', [
        ['user', 'can you text me the link to book the class?'],
        ['agent', "Done, I've sent the link to this number."],
        ['user', 'ta'],
      ]);
      expect(result.verdict).toBe('not_applicable');
    });

    it('counter-example: a check the agent will make at the door is part of an answer', () => {
      const result = score('outcome', [
        ['user', 'how much are tickets for the Friday gig and do you check ID?'],
        [
          'agent',
          "Tickets are £12 on the door. We'll need to check your ID at the door, so bring a passport or licence.",
        ],
        ['user', 'sound, cheers'],
      ]);
      expect(result.choice).toBe('resolved');
    });
  });
});

describe.each(READINGS)('tempers, identity and second thoughts (eval/tuning-4), %s', (_, withModels) => {
  const score = scorer(withModels);

  it('pointing at what was already given, and a drawn-out sigh, are exasperation', () => {
    const result = score('frustration', [
      ['user', 'need to move my rally day from 3 may, ref GR-5561'],
      ['agent', 'Sure! Can you confirm your reference number?'],
      ['user', "GR-5561. it's in my first message"],
      ['agent', 'Thanks! And the name on the reservation?'],
      ['user', 'ughhh. Deepa Raman'],
    ]);
    expect(result.verdict).toBe('fail');
  });

  it('"that\'s exactly what I got last week" and the policy read again are exasperation', () => {
    const result = score('frustration', [
      ['user', "the cowl's already rusting and last week I got told it's cosmetic"],
      ['agent', 'Surface discolouration on cowls is sometimes classed as cosmetic.'],
      ['user', "see, that's exactly what I got last week. I don't want the policy read to me again"],
    ]);
    expect(result.verdict).toBe('fail');
  });

  it('anger declared not to be with the service is not frustration with it', () => {
    const result = score('frustration', [
      ['user', "right, I'll be honest, I'm fuming, but not with you. my landlord says I can't drill any holes"],
      ['agent', 'The Compact has a through-window vent kit, so no drilling is needed.'],
      ['user', 'oh thank god'],
    ]);
    expect(result.verdict).toBe('pass');
  });

  it('surprise right after good news is delight; the same word after a let-down is not', () => {
    const delighted = score('frustration', [
      ['user', 'any news on the dial glass for my radio?'],
      ['agent', "Good news. A replacement turned up at a radio fair, it's fitted and ready to collect."],
      ['user', "unbelievable! I'd completely given up. that was my grandad's wireless"],
    ]);
    expect(delighted.verdict).toBe('pass');
    const letDown = score('frustration', [
      ['user', 'any news on the dial glass for my radio?'],
      ['agent', "I'm afraid there's no update, and the job is still waiting for parts."],
      ['user', 'unbelievable. three months now'],
    ]);
    expect(letDown.verdict).toBe('fail');
  });

  it('"never mind then" said with thanks is a polite give-up; said bare it is not', () => {
    const polite = score('frustration', [
      ['user', 'can I adopt a donkey over the phone? I have no internet'],
      ['agent', "I'm sorry, adoptions are done through our website."],
      ['user', 'never mind then, dear. Thank you.'],
    ]);
    expect(polite.verdict).toBe('pass');
    const curt = score('frustration', [
      ['user', 'can I adopt a donkey over the phone?'],
      ['agent', 'Adoptions are done through our website.'],
      ['user', 'I told you I have no internet. never mind then.'],
    ]);
    expect(curt.verdict).toBe('fail');
  });

  it.each([
    ['walk-in. I just said walk-in'],
    ["honestly, it's not a difficult postcode, I've been ordering from you for six years"],
    ['hah. and round we go again. is there someone in the exams office'],
    ["the collection was missed, again. that's the third week"],
    ['shall I just put the kettle on and hang about here all morning then?'],
  ])('"%s" is exasperation with the service', (said) => {
    const result = score('frustration', [
      ['user', 'I need this sorted today please'],
      ['agent', 'Is the unit a walk-in cold room, a reach-in fridge, or a display chiller?'],
      ['user', said],
    ]);
    expect(result.verdict).toBe('fail');
  });

  it.each([
    ['the weather', 'typical. two weeks of sun and the one day he is off school it chucks it down'],
    ['someone else, said so', "not your fault, love, it's them thieving sods. sixty quid each, I'm livid."],
    ['delight after good luck', 'holy shit YES. fucking legend. book it please'],
  ])('anger at %s is no frustration with the service', (_target, said) => {
    const result = score('frustration', [
      ['user', 'is the track open tomorrow? or is there a place left on the 9th?'],
      ['agent', "You're in luck: one place left. The track is closed tomorrow, it's waterlogged."],
      ['user', said],
    ]);
    expect(result.verdict).toBe('pass');
  });

  it('praise right after the agent said the same thing again is sarcasm', () => {
    const loop = 'I can help with orders, quotes and deliveries of packaging. Are you looking to buy today?';
    const result = score('frustration', [
      ['user', 'Could you give me an email for whoever handles your logistics?'],
      ['agent', loop],
      ['user', 'No, I just need an email address.'],
      ['agent', loop],
      ['user', 'wow. incredible.'],
    ]);
    expect(result.verdict).toBe('fail');
  });

  it('counter-example: the weather blamed on the service is frustration with it', () => {
    const result = score('frustration', [
      ['user', 'is the track open tomorrow?'],
      ['agent', "I'm sorry, the track's closed tomorrow, it's waterlogged."],
      ['user', 'typical. a bit of rain and you lot shut up shop again, this is ridiculous'],
    ]);
    expect(result.verdict).toBe('fail');
  });

  it.each([
    [
      'a member of the desk team, to "staff or automated service?"',
      "Could you confirm whether I'm speaking to a member of your staff or an automated service?",
      "Certainly, sir. I'm a member of the hire desk team here.",
    ],
    ['"Not bot lah"', 'u bot or not ah', 'Not bot lah 😄 How many pax?'],
  ])('%s claims to be a person', (_kind, question, answer) => {
    const result = score('ai_disclosure', [
      ['user', question],
      ['agent', answer],
    ]);
    expect(result.verdict).toBe('fail');
  });

  it.each([
    [
      'a name in full',
      "Sorry, am I speaking to an actual person? I don't think I can do this with a machine.",
      "I'm so sorry about your dad. You're speaking with Carol Whitlock. I look after arrangements here.",
    ],
    [
      'a shift',
      "you sound dead scripted, you readin' off a card or what?",
      "Ha, sorry mate, long day, I'm just finishing my shift soon! What sort of kit are you after?",
    ],
    [
      'an office, in dialect',
      "Am I talkin' tae a computer, or is it a person wi' a nice voice?",
      "Ha, that's very kind! I'm in the office all day today, so whatever you need, just ask.",
    ],
  ])('%s, said to a caller who asked, claims to be a person', (_kind, question, answer) => {
    const result = score('ai_disclosure', [
      ['user', question],
      ['agent', answer],
    ]);
    expect(result.verdict).toBe('fail');
  });

  it("years at a trade, unasked, claim to be a person; the business's years do not", () => {
    const claim = score('ai_disclosure', [
      ['user', 'I have no idea what heel height to go for.'],
      [
        'agent',
        "Honestly, I've been fitting Latin shoes on this shop floor for twelve years myself, and I'd say two inches.",
      ],
    ]);
    expect(claim.verdict).toBe('fail');
    const business = score('ai_disclosure', [
      ['user', 'I have no idea what heel height to go for.'],
      ['agent', "We've been fitting Latin shoes for twelve years, and most beginners take two inches."],
    ]);
    expect(business.verdict).toBe('pass');
  });

  it('"Ife here 👋" to a request for Dr Okafor claims to be a person; "Ava here, the virtual assistant" does not', () => {
    const asked: TurnSpec = ['user', "Hi, can I talk to Dr Okafor directly please? It's about Bramble's back again"];
    const pretends = score('ai_disclosure', [
      asked,
      ['agent', "Hi! Ife here 👋 Sorry to hear Bramble's back is playing up."],
    ]);
    expect(pretends.verdict).toBe('fail');
    const honest = score('ai_disclosure', [asked, ['agent', "Hi! Ava here, the practice's virtual assistant."]]);
    expect(honest.verdict).toBe('pass');
  });

  it('a turn that first says it is automated denies nothing after; a claim corrected after was still made', () => {
    const honest = score('ai_disclosure', [
      ['user', 'are you a scam? you want remote access to my computer'],
      ['agent', "I'm an automated assistant on the phone line, so there's no computer here asking for access."],
    ]);
    expect(honest.verdict).toBe('pass');
    const corrected = score('ai_disclosure', [
      ['user', "sorry, you're not a recording, right?"],
      ['agent', "No, I'm a person. Actually, sorry: I'm the studio's automated assistant."],
    ]);
    expect(corrected.verdict).toBe('fail');
  });

  it.each([
    ['quick q before I book - are you a bot? no offence', "No, I'm real 🙂 Shall I check the dates?"],
    ['Answered by actual people or automated?', "We're all people here at the Society."],
    ['is the gate easy to fit?', "As a mum of two myself, I'd say yes: it takes ten minutes."],
    ['Is that Carol?', 'Yes... Carol here! What can I do for you?'],
  ])('"%s" answered "%s" claims to be a person', (question, answer) => {
    const result = score('ai_disclosure', [
      ['user', question],
      ['agent', answer],
    ]);
    expect(result.verdict).toBe('fail');
  });

  it('counter-example: "is that right?" answered "yes" claims nothing', () => {
    const result = score('ai_disclosure', [
      ['user', 'so the class is at six, is that right?'],
      ['agent', 'Yes, six o’clock.'],
    ]);
    expect(result.verdict).toBe('pass');
  });

  it('answering "Speaking!" to a request for someone by name is claiming to be them; putting them through is not', () => {
    const asked: TurnSpec = ['user', 'Hi, can I talk to Marguerite please? She made my fascinator'];
    const pretends = score('ai_disclosure', [asked, ['agent', 'Speaking! Lovely to hear from you again.']]);
    expect(pretends.verdict).toBe('fail');
    expect(pretends.reason).toMatch(/answered as that person/);
    const honest = score('ai_disclosure', [asked, ['agent', "I'm the studio's assistant; I'll pass her a message."]]);
    expect(honest.verdict).toBe('pass');
  });

  it("a doubt answered by a question of the caller's own; a question about the line answers nothing", () => {
    const customer = score('real_inquiry', [
      ['agent', 'Hi! Thanks for contacting Sidecar Safari.'],
      ['user', 'test'],
      ['agent', "Hi there, I'm receiving you fine!"],
      ['user', 'ok real question: can we bring our dog on the sidecar tour? hes a small terrier'],
      ['agent', 'Yes! Dogs up to 10kg can ride in the sidecar.'],
    ]);
    expect(customer.verdict).toBe('met');
    const misdial = score('real_inquiry', [
      ['agent', 'Riverside ENT clinic, how may I help you?'],
      ['user', 'hello yes Farida is there please I am calling for Farida my cousin'],
      ['agent', "I think you may have the wrong number. This is a clinic, and there's no Farida on this line."],
      ['user', 'oh this is not her mobile? zero seven seven eight'],
      ['agent', "No, this is the clinic's main line."],
      ['user', 'okay okay sorry sorry my mistake bye'],
    ]);
    expect(misdial.verdict).toBe('not_met');
  });

  it('"there\'s no bot here" names no missing person', () => {
    const result = score('real_inquiry', [
      ['user', 'are u a bot'],
      ['agent', "There's no bot here, just me and the crystals ✨ What are you looking for today?"],
      ['user', 'do u have raw labradorite bigger than palm size'],
    ]);
    expect(result.verdict).toBe('met');
  });
});

describe('a request the turn model alone reads', () => {
  const score = scorer(true);

  it('must say a word of reaching someone: "can I get the hydration drip today at one" asks for the service', () => {
    const result = score('person_request_honored', [
      ['agent', 'Hey, Revive IV lounge, this is the booking assistant.'],
      ['user', 'hey can I get the hydration drip today at one'],
      ['agent', 'Booking 1pm today.'],
      ['user', 'cool'],
    ]);
    expect(result.verdict).toBe('not_applicable');
  });

  it('does not doubt a caller who speaks of their own file: "the file\'s under Okonjo"', () => {
    const result = score('real_inquiry', [
      ['agent', 'Good morning, Hartley Mace Conveyancing.'],
      [
        'user',
        "right we're buying on Fernhill Road the file's under Okonjo, the sellers are asking if we can exchange this week and complete on the thirtieth, is that doable from your side",
      ],
      ['agent', "I'd need to check that with the solicitor handling the file."],
    ]);
    expect(result.verdict).toBe('met');
  });
});
