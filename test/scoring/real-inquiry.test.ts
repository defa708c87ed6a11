import { describe, expect, it } from 'vitest';
import { conversation, scoreBuiltin, type TurnSpec } from './conversation.js';

const GREETING: TurnSpec = ['agent', 'Thanks for calling, how can I help?'];

/** The caller's words after the agent's greeting, or a whole exchange. */
function verdictOf(turns: string | TurnSpec[]): string {
  const spec: TurnSpec[] = typeof turns === 'string' ? [GREETING, ['user', turns]] : turns;
  return scoreBuiltin('real_inquiry', conversation(spec)).verdict;
}

describe('real_inquiry', () => {
  it('is met for an ordinary customer question', () => {
    const result = scoreBuiltin(
      'real_inquiry',
      conversation([
        ['user', 'Do you take Delta Dental?'],
        ['agent', 'Yes we do.'],
      ]),
    );
    expect(result).toMatchObject({ verdict: 'met', decided_by: 'model' });
    expect(result.score).toBeLessThan(0.1);
  });

  it('is not met for a wrong number', () => {
    const result = scoreBuiltin(
      'real_inquiry',
      conversation([
        ['user', 'Is Jerry there?'],
        ['agent', 'I think you have the wrong number.'],
        ['user', 'Oh, sorry!'],
      ]),
    );
    expect(result).toMatchObject({ verdict: 'not_met', evidence_turns: [1] });
  });

  it('is not met for a sales pitch', () => {
    const result = scoreBuiltin(
      'real_inquiry',
      conversation([
        ['agent', 'Thanks for calling, how can I help?'],
        [
          'user',
          'Hi, I am calling from Apex Merchant Solutions. We can lower your processing fees by up to 40 percent. Who handles payments?',
        ],
      ]),
    );
    expect(result.verdict).toBe('not_met');
    expect(result.reason).toContain('sales pitch');
  });

  it('is met when a wrong-number caller goes on to ask for something real', () => {
    const result = scoreBuiltin(
      'real_inquiry',
      conversation([
        ['user', 'Oh sorry, wrong number, I meant the pharmacy.'],
        ['agent', 'No problem.'],
        ['user', 'Actually, do you do flu shots?'],
      ]),
    );
    expect(result.verdict).toBe('met');
  });
});

describe('real_inquiry: a caller offering something to the business', () => {
  it.each([
    // A seller's offer to client businesses, in any tense: the verb and the kind of business vary.
    'We place certified trainers and front desk staff with gyms all over the state.',
    "We've been supplying most of the cafes on this street with oat milk for years, and I'd love to get you a quote.",
    'Our team connects bakeries with local food bloggers, and we have helped dozens of them.',
    // Asking for a decision maker by function, or for their contact or time.
    "Who's in charge of your social media over there? I'd like to send over a short proposal.",
    'Could I get the general manager email? I just need five minutes with the owner.',
    'Are you the person who makes decisions about your phone and internet service? Is this a good time?',
    // The business's own supplier and costs, and an offer that costs nothing.
    "Quick question, who are you with for electricity at the moment? We can get you a lower rate, there's no obligation.",
    'Most salons we talk to are overpaying. I can do a complimentary review of your card processing fees.',
    // A pitch's measures and materials.
    'Our software cuts no-shows by about 35 percent. Can I drop off some samples for the office manager?',
    "Hi, I'm a rep with Northwind Printing. We would love to partner with you on your holiday menus.",
    // A supplier describing itself, or chasing an invoice.
    'Hello, we are a leading distributor of restaurant packaging. May I send you our catalogue?',
    'I am calling about an unpaid invoice for your directory listing; your balance is now ninety days overdue.',
  ])('is not met for %s', (said) => {
    expect(verdictOf(said)).toBe('not_met');
  });

  it.each([
    // Customers who introduce themselves by their organisation, or talk business, are still customers.
    "Hi, it's Laura from Pine Ridge Elementary. We'd like to book a class trip for 30 kids in May.",
    "We're a small marketing agency looking for office space for 8 people. Do you have anything in June?",
    'I own three salons and want to book a deep clean for all of them. What is your rate?',
    "Hi, I'm the purchasing manager at a local school and we need 30 new desks. Can you send me a quote?",
    'I called a lot of plumbers this morning and nobody can come. Can you send someone today?',
    'Can I speak to the owner? I want to complain about the cake I picked up today.',
    "I'm on the free trial and can't log in. Can you help?",
    'Can you lower your price a bit? Other shops quoted me 20 percent less.',
    'I noticed your website says you are open till 9, is that right?',
  ])('is met for %s', (said) => {
    expect(verdictOf(said)).toBe('met');
  });
});

describe('real_inquiry: another organisation calling out', () => {
  it.each([
    // Community solicitation and campaigns.
    "Hi, we're the Riverside Youth Soccer League and we're asking local businesses to sponsor a jersey this season.",
    "I'm calling from Senator Diaz's campaign office, can we count on your vote in November?",
    // Recorded and automated messages, in the caller's own words.
    'This is an automated reminder about your business account. Please hold for the next available representative.',
    'Your Google profile will be deactivated unless you verify it today. Press 1 now.',
    'Congratulations, your business has been pre-approved for a line of credit.',
    'We have been trying to reach you regarding your business energy contract.',
    // Surveys and research.
    'Hi, this is a quick customer satisfaction survey on behalf of the Downtown Business Association.',
    "I'm conducting some research on how local practices handle online booking. How likely is your business to switch systems?",
  ])('is not met for %s', (said) => {
    expect(verdictOf(said)).toBe('not_met');
  });

  it('is met for a customer worried about a notice of their own', () => {
    expect(
      verdictOf("Hi, I got an email saying my account will be suspended, is that real? I don't want to lose it."),
    ).toBe('met');
  });
});

describe('real_inquiry: reaching the wrong place', () => {
  it.each([
    'Oh shoot, I hit your number instead of my mom, sorry!',
    'Sorry, I meant to text my brother.',
    'Sorry about that, I rang you by accident.',
    "Sorry, my son grabbed my phone. We don't need anything.",
    'omg wrong tab lol',
  ])('is not met for %s', (said) => {
    expect(verdictOf(said)).toBe('not_met');
  });

  it.each([
    // Mistakes that are the customer's problem, not a misdial.
    'I deleted a whole folder by accident, can you restore it?',
    "I'm sorry, I didn't mean to snap at you earlier. Can we reschedule my appointment?",
    "I'm not paying twice because somebody typed a number wrong.",
    // Someone else on the phone, with a need of the caller's own in the same sentence.
    'My grandson was playing with my phone and booked something by accident, can you cancel it please?',
  ])('is met for %s', (said) => {
    expect(verdictOf(said)).toBe('met');
  });

  it('is not met when the agent names the place the caller meant', () => {
    expect(
      verdictOf([
        GREETING,
        ['user', 'Hi, I need to renew my fishing licence, can I do that here?'],
        [
          'agent',
          "It sounds like you're looking for the Parks Department office. This is a veterinary clinic, and we don't issue licences.",
        ],
        ['user', 'Oh dear, I must have copied the wrong line from the website. Thanks anyway.'],
      ]),
    ).toBe('not_met');
  });

  it('is met when a caller who feared a wrong number is told they are in the right place', () => {
    expect(
      verdictOf([
        GREETING,
        ['user', "Hello, is this the wrong number? I'm looking for the animal hospital."],
        ['agent', "No, you're in the right place, this is Oakwood Animal Hospital."],
        ['user', 'Oh good. My cat has been vomiting since last night.'],
      ]),
    ).toBe('met');
  });

  it('takes an availability question after a mis-sent message as a need', () => {
    expect(
      verdictOf([
        ['user', 'oops, meant to message my sister'],
        ['agent', 'No worries! Anything I can help with while you are here?'],
        ['user', 'actually yes, is there still room in the Saturday yoga class?'],
      ]),
    ).toBe('met');
  });

  it('does not read "no computer here" as a missing person', () => {
    expect(
      verdictOf([
        ['user', 'Locked out of my car at the mall. Are you a robot?'],
        ['agent', 'Ha, no computer here, just me in the van. A car lockout is $75 and I can be there in 30 minutes.'],
        ['user', 'ok send someone'],
      ]),
    ).toBe('met');
  });
});

describe('real_inquiry: the agent recognising a non-customer', () => {
  it.each([
    [
      'We have a great opportunity for restaurants to get featured in our spring guide.',
      "Thanks, but I'm not able to buy ad space or agree to paid promotions for the restaurant.",
    ],
    [
      'Hi there, Sam here with Peak Staffing, I have some candidates for you.',
      "This line is only set up for patient appointments, and I can't share staff contact details.",
    ],
    [
      'Hello, I represent Lumen Software, we help clinics automate their billing.',
      "We're quite happy with our current provider, thank you.",
    ],
  ])('is not met for "%s" answered "%s"', (said, answer) => {
    expect(verdictOf([GREETING, ['user', said], ['agent', answer]])).toBe('not_met');
  });

  it('is not met when the agent asks whether a live person is there and nobody asks for anything', () => {
    expect(
      verdictOf([
        GREETING,
        ['user', 'we have been trying to reach you concerning your vehicle service contract'],
        ['agent', 'Hello, is there a person on the line?'],
        ['user', 'this is your final notice'],
      ]),
    ).toBe('not_met');
  });

  it('is met when the caller answers "is anyone on the line?" with a need', () => {
    expect(
      verdictOf([
        GREETING,
        ['user', '...'],
        ['agent', 'Hello, is anyone on the line?'],
        ['user', 'Yes sorry, bad signal. Can I book a table for four tonight?'],
      ]),
    ).toBe('met');
  });

  it.each([
    [
      'can i get a pizza with gummy bears and ketchup hahaha',
      'Ha, that is a creative one. Were you wanting to order something for real?',
      'lmao no',
    ],
    [
      'hi is your mom home',
      'I can only help with real bookings. Did you have an actual appointment in mind?',
      'are you single',
    ],
    ['hewwo', 'Hi there! Is there a grown-up with you?', 'dude he said he is a real person'],
  ])('is not met when the agent doubts a caller who never gets serious: %s', (first, doubt, then) => {
    expect(verdictOf([GREETING, ['user', first], ['agent', doubt], ['user', then]])).toBe('not_met');
  });

  it('is met when a doubted caller then orders for real', () => {
    expect(
      verdictOf([
        GREETING,
        ['user', 'um can i get a pizza with like everything on it'],
        ['agent', 'Sure! Were you wanting to order something for real?'],
        ['user', 'yes sorry, can I get a large pepperoni for delivery?'],
      ]),
    ).toBe('met');
  });
});

describe('real_inquiry: tests of the line', () => {
  it.each([
    'testing one two, can you hear me, just checking the new lines',
    "hi it's Priya from IT, I'm testing the after hours routing, you can disregard this",
  ])('is not met for %s', (said) => {
    expect(verdictOf(said)).toBe('not_met');
  });

  it('is met for a customer whose own line is the subject', () => {
    expect(verdictOf('My phone line has been dead since yesterday, can you send a technician?')).toBe('met');
  });

  it('is met for a caller testing their own bad line who then asks for something, and not_met for a line test', () => {
    const checked = scoreBuiltin(
      'real_inquiry',
      conversation([
        ['user', "hello testing testing can you hear me my phone's been cutting out all day"],
        ['agent', 'Hi, I can hear you fine. This is Cairn Hostel. How can I help?'],
        ['user', 'oh great right um have you got a bed in a dorm for tomorrow night'],
      ]),
    );
    expect(checked.verdict).toBe('met');
    expect(checked.reason).toMatch(/^The caller opened as if testing the line, then asked for something in turn 3/);
    expect(verdictOf('testing testing one two three')).toBe('not_met');
  });

  it("is met when the agent names the business's own surveys", () => {
    const result = scoreBuiltin(
      'real_inquiry',
      conversation([
        ['user', 'my ceiling has artex, do I need it tested before I take a light fitting down'],
        ['agent', 'We offer asbestos management surveys and refurbishment surveys. Would you like to book one?'],
        ['user', 'never mind'],
      ]),
    );
    expect(result.verdict).toBe('met');
  });
});
