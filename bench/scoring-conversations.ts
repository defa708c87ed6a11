/**
 * Typical 30-turn support conversations for the scoring benchmark: voice calls and chats in six kinds of
 * business, in four shapes (a booking made with a tool call that succeeds, a caller who asks for a person
 * and is transferred, a frustrated caller whose problem was not fixed before, a plain question answered).
 * Each turn is drawn from a few phrasings and filled with names, days, times and amounts, so the scorer
 * reads different words every time; a conversation depends only on the seed and its index, so runs are
 * comparable and the first N conversations are the same whatever the count.
 */
import { seededRandom } from '../train/seeded-random.js';

export const SCENARIOS = ['booking', 'transfer', 'frustrated', 'question'] as const;
export type Scenario = (typeof SCENARIOS)[number];

/** Share of each shape: most calls book or ask something; a minority escalate or are angry. */
const SCENARIO_WEIGHTS: Record<Scenario, number> = { booking: 0.35, transfer: 0.2, frustrated: 0.2, question: 0.25 };
const CHAT_SHARE = 0.2;
export const TURNS_PER_CONVERSATION = 30;

export interface BenchTurn {
  speaker: 'agent' | 'user';
  text: string;
  start_ms?: number;
  end_ms?: number;
  asr_confidence?: number;
}

export interface BenchEvent {
  type: string;
  name?: string;
  status?: string;
  target?: string;
  at_ms?: number;
  [extra: string]: unknown;
}

/** The request body of POST /v1/conversations. */
export interface ConversationBody {
  external_id: string;
  channel: 'voice' | 'chat';
  started_at: string;
  ended_at: string;
  ended_by: 'caller' | 'user' | 'agent' | 'system';
  agent: { id: string; name: string; version: string };
  group: { id: string; name: string };
  transcript: BenchTurn[];
  events: BenchEvent[];
  metadata: Record<string, unknown>;
}

export interface GeneratedConversation {
  scenario: Scenario;
  body: ConversationBody;
}

/** Alternating question and answer turns (user first); two or four strings. */
type Exchange = readonly string[];

interface Domain {
  key: string;
  label: string;
  businesses: readonly [string, string];
  agentNames: readonly [string, string];
  item: string;
  services: readonly string[];
  bookingTool: string;
  lookupTool: string;
  problems: readonly string[];
  addons: readonly string[];
  transferTarget: string;
  team: string;
  duration: string;
  faqs: readonly Exchange[];
}

const DOMAINS: readonly Domain[] = [
  {
    key: 'dental',
    label: 'Dental clinics',
    businesses: ['Brightside Dental', 'Maple Grove Dental Care'],
    agentNames: ['Ava', 'Nora'],
    item: 'appointment',
    services: ['a cleaning', 'a filling', 'a checkup', 'a crown fitting', 'teeth whitening'],
    bookingTool: 'book_appointment',
    lookupTool: 'find_patient',
    problems: [
      'the crown that keeps coming loose',
      'a billing error on my last cleaning',
      'the temporary filling that fell out',
    ],
    addons: ['a fluoride treatment', 'a full X-ray series', 'a late cancellation fee'],
    transferTarget: 'front_desk',
    team: 'the front desk',
    duration: 'about an hour, a bit less for returning patients',
    faqs: [
      [
        'Do you take Cigna insurance?',
        "Yes, we're in network with Cigna, Delta Dental and Aetna.",
        'Do I need a referral?',
        'No, you do not need a referral for general dentistry.',
      ],
      ['Are you open on Saturdays?', "We're open Saturday mornings from eight until noon."],
      ['Is there parking at the office?', "Yes, there's free parking behind the building, entrance on Elm Street."],
      [
        'Do you offer payment plans?',
        'We do, for treatment over five hundred dollars, with no interest for twelve months.',
      ],
      [
        'Can my daughter come in on the same day?',
        'Yes, we see children from age three, and I can note a family visit.',
      ],
    ],
  },
  {
    key: 'home',
    label: 'Home services',
    businesses: ['FlowRight Plumbing and Heating', 'Comfort Air Services'],
    agentNames: ['Max', 'Riley'],
    item: 'service visit',
    services: ['a furnace tune-up', 'a water heater inspection', 'a drain cleaning', 'an AC repair'],
    bookingTool: 'schedule_service',
    lookupTool: 'lookup_customer',
    problems: [
      'the furnace that keeps shutting off',
      'a leak under the kitchen sink',
      'the AC that still blows warm air',
    ],
    addons: ['an after-hours surcharge', 'a diagnostic fee', 'a maintenance plan renewal'],
    transferTarget: 'dispatch',
    team: 'our dispatch office',
    duration: 'one to two hours, depending on what the technician finds',
    faqs: [
      [
        'Do you do emergency calls at night?',
        'Yes, we have a technician on call around the clock, with an after-hours rate.',
      ],
      [
        'Is there a warranty on the parts?',
        'Parts carry a one year warranty and our labor is guaranteed for ninety days.',
      ],
      ['Do you give free estimates?', 'Estimates for replacements are free; repairs have a diagnostic fee.'],
      [
        'How long is the arrival window?',
        'Two hours, and the technician calls about thirty minutes ahead.',
        'Can they call my husband instead?',
        "Sure, I've added his number as the contact for the visit.",
      ],
      ['Do I need to be home?', 'Someone over eighteen needs to be there to let the technician in.'],
    ],
  },
  {
    key: 'auto',
    label: 'Auto repair',
    businesses: ['Parkside Auto Care', 'Redline Tire and Service'],
    agentNames: ['Sam', 'Jordan'],
    item: 'service appointment',
    services: ['an oil change', 'a brake inspection', 'a tire rotation', 'a check engine light diagnosis'],
    bookingTool: 'book_service_slot',
    lookupTool: 'find_vehicle',
    problems: [
      'the brakes that still squeal after the repair',
      'the check engine light that came back on',
      'a rattle you were supposed to fix last month',
    ],
    addons: ['a cabin air filter', 'a shop supplies fee', 'a wheel alignment'],
    transferTarget: 'service_advisor',
    team: 'a service advisor',
    duration: 'about forty five minutes if you wait, longer if we find anything',
    faqs: [
      ['Do you have loaner cars?', 'We have a few loaners; I can reserve one if the job takes more than a day.'],
      [
        'Can I wait there while you work on it?',
        'Yes, there is a waiting room with wifi and coffee.',
        'Is there a shuttle if I do not want to wait?',
        'Our shuttle covers five miles around the shop until four in the afternoon.',
      ],
      ['Are you open on Sundays?', "We're closed on Sundays, but you can drop the key in the night box."],
      ['Do you use original parts?', 'We use original or equivalent parts, and you can ask for original ones.'],
      ['Will it affect my warranty?', 'No, regular service at an independent shop keeps your warranty valid.'],
    ],
  },
  {
    key: 'telecom',
    label: 'Internet providers',
    businesses: ['Northwind Fiber', 'ClearLine Internet'],
    agentNames: ['Leo', 'Maya'],
    item: 'technician visit',
    services: ['a router replacement', 'a new line installation', 'a speed upgrade install'],
    bookingTool: 'schedule_technician',
    lookupTool: 'lookup_account',
    problems: [
      'internet that drops every evening',
      'the outage that has lasted three days',
      'speeds far below what I pay for',
    ],
    addons: ['an equipment rental fee', 'a premium support plan', 'a static IP add-on'],
    transferTarget: 'billing_support',
    team: 'our billing team',
    duration: 'usually under an hour',
    faqs: [
      ['Is there a data cap?', 'No, all our home plans have unlimited data.'],
      [
        'What happens if I move next month?',
        'You can take the service with you if we cover the new address; moving is free once a year.',
        'How do I check the new address?',
        'Just tell me the street when you know it, or check the coverage map on our website.',
      ],
      ['Am I still under contract?', 'Your plan is month to month, so there is no early termination fee.'],
      ['Is there an autopay discount?', 'Yes, five dollars a month off when you pay by autopay from a bank account.'],
      ['Where can I see outages?', 'The outage map in the app shows them by street, updated every few minutes.'],
    ],
  },
  {
    key: 'restaurant',
    label: 'Restaurants',
    businesses: ['Osteria Luna', 'The Harbor Grill'],
    agentNames: ['Sofia', 'Ben'],
    item: 'reservation',
    services: ['a table for four', 'a table for two', 'a private room for twelve', 'a patio table for six'],
    bookingTool: 'book_table',
    lookupTool: 'find_guest',
    problems: [
      'a deposit that was charged twice',
      'the reservation you lost last weekend',
      'a gift card that will not scan',
    ],
    addons: ['a private room deposit', 'a cake-cutting fee', 'a service charge'],
    transferTarget: 'manager_on_duty',
    team: 'the manager on duty',
    duration: 'about two hours; we hold tables for fifteen minutes',
    faqs: [
      [
        'Do you have gluten-free options?',
        'Yes, most pastas can be made gluten-free and the menu marks the rest.',
        'And for someone with a nut allergy?',
        "I'll add a note to the reservation so the kitchen knows.",
      ],
      ['Can we bring our own wine?', 'Yes, corkage is twenty dollars a bottle, two bottles per table.'],
      ['Is there parking nearby?', 'There is a public garage across the street, free after six.'],
      ['Do you have high chairs?', 'Yes, and I can note that you need one.'],
      ['Is there a dress code?', 'No dress code, smart casual is perfectly fine.'],
    ],
  },
  {
    key: 'vet',
    label: 'Veterinary clinics',
    businesses: ['Happy Paws Veterinary', 'Cedar Creek Animal Hospital'],
    agentNames: ['Ella', 'Theo'],
    item: 'appointment',
    services: ['a vaccine booster for Bella', 'an annual exam for Milo', 'a dental cleaning for Rocky', 'a nail trim'],
    bookingTool: 'book_appointment',
    lookupTool: 'find_client',
    problems: [
      'the prescription refill that never came through',
      'lab results nobody called me about',
      'the wrong food that was shipped again',
    ],
    addons: ['a lab work fee', 'a medical waste fee', 'a second exam fee'],
    transferTarget: 'client_care',
    team: 'one of our client care staff',
    duration: 'around thirty minutes',
    faqs: [
      ['Do you take walk-ins?', 'We take walk-ins for urgent cases; for anything else an appointment is best.'],
      ['Do you see rabbits?', 'Yes, Dr. Okafor sees rabbits and other small pets on Tuesdays and Thursdays.'],
      [
        'Should she skip breakfast before the visit?',
        'Only for a dental cleaning; for an exam she can eat normally.',
        'What about her medication?',
        'Give it as usual unless the vet told you otherwise.',
      ],
      ['Do you offer boarding?', "We don't board, but we can recommend two places nearby."],
      ['What if it is an emergency at night?', 'After hours, call the emergency animal hospital on Route nine.'],
    ],
  },
];

/** Asked in any kind of business. */
const GENERIC_FAQS: readonly Exchange[] = [
  ['What are your hours on Fridays?', "On Fridays we're open from eight to five."],
  [
    'Is there a website where I can see this?',
    'Yes, it is all under My Account on our website; you log in with your email.',
  ],
  ['Can I pay by card over the phone?', 'Yes, we take all major cards, and you can also pay online.'],
  [
    'Do you have a location on the north side?',
    'Yes, on Ridge Avenue next to the library, with the same hours.',
    'Do they have parking?',
    'They share the lot with the library, so there is usually space.',
  ],
];

const FAQ_LEADS = ['Oh, one more thing. ', 'Also, ', 'Quick question: ', 'While I have you, ', '', 'And '];
/** Only before answers that do not start with yes or no. */
const ANSWER_LEADS = ['', '', 'Good question. ', 'Let me check. ', 'So, '];

const FIRST_NAMES = ['Maria', 'James', 'Priya', 'Daniel', 'Chen', 'Olivia', 'Marcus', 'Aisha', 'Tom', 'Lucia'];
const LAST_NAMES = ['Delgado', 'Walker', 'Shah', 'Kowalski', 'Nguyen', 'Brennan', 'Okafor', 'Lindqvist', 'Reyes'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October'];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
const TIMES = ['nine', 'nine thirty', 'ten fifteen', 'eleven', 'one thirty', 'two', 'two forty five', 'four'];

type Random = () => number;

function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

function ordinal(day: number): string {
  const suffix = day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : 'th';
  return `${day}${day % 10 === 3 && day !== 13 ? 'rd' : suffix}`;
}

/** Fills {placeholders}; a name the context lacks is a mistake in a template, so it throws. */
function fill(template: string, context: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = context[name];
    if (value === undefined) throw new Error(`template placeholder {${name}} has no value`);
    return value;
  });
}

/** Builds one conversation's turns and events; events are attached to the turn that prompted them. */
class Script {
  readonly turns: Array<{ speaker: 'agent' | 'user'; text: string }> = [];
  readonly events: Array<{ afterTurn: number; event: BenchEvent }> = [];

  constructor(
    /** The conversation's random stream, also for choices that are not a phrasing. */
    readonly random: Random,
    private readonly context: Record<string, string>,
  ) {}

  private next(): 'agent' | 'user' {
    return this.turns.length % 2 === 0 ? 'agent' : 'user';
  }

  say(speaker: 'agent' | 'user', variants: readonly string[]): this {
    if (speaker !== this.next()) throw new Error(`turn ${this.turns.length} should be the ${this.next()}'s`);
    this.turns.push({ speaker, text: fill(pick(this.random, variants), this.context) });
    return this;
  }

  agent(...variants: string[]): this {
    return this.say('agent', variants);
  }

  user(...variants: string[]): this {
    return this.say('user', variants);
  }

  /** An event right after the last turn. */
  event(event: BenchEvent): this {
    this.events.push({ afterTurn: this.turns.length - 1, event });
    return this;
  }

  /**
   * Question-and-answer exchanges (the caller asks) until `total` turns; an exchange of four is cut to two
   * when only two turns are left. Must start on the caller's turn and end on the agent's.
   */
  fillTo(total: number, exchanges: readonly Exchange[], firstLeads: readonly string[] = FAQ_LEADS): this {
    let first = true;
    for (const exchange of exchanges) {
      const remaining = total - this.turns.length;
      if (remaining <= 0) break;
      exchange.slice(0, remaining).forEach((text, i) => {
        const leads =
          i === 0 ? (first ? firstLeads : FAQ_LEADS) : i % 2 === 1 && !/^(Yes|No)\b/.test(text) ? ANSWER_LEADS : [''];
        const lead = pick(this.random, leads);
        this.say(i % 2 === 0 ? 'user' : 'agent', [lead + (lead && !lead.endsWith('. ') ? lowerFirst(text) : text)]);
      });
      first = false;
    }
    if (this.turns.length !== total) throw new Error(`ran out of exchanges at ${this.turns.length} of ${total} turns`);
    return this;
  }

  /** One of several fixed sequences of turns, for answers that must match their question. */
  exchange(...alternatives: Exchange[]): this {
    for (const text of pick(this.random, alternatives)) this.say(this.next(), [text]);
    return this;
  }

  /** True when the caller speaks next. */
  userNext(): boolean {
    return this.next() === 'user';
  }
}

function lowerFirst(text: string): string {
  // Keep "I" and proper names capitalised after a lead-in.
  return /^(I |I'|Dr\.|Cigna|Sunday)/.test(text) ? text : text.charAt(0).toLowerCase() + text.slice(1);
}

function greeting(script: Script, channel: 'voice' | 'chat'): void {
  if (channel === 'chat') {
    script.agent(
      "Hi! I'm {agent}, the virtual assistant for {business}. How can I help?",
      'Welcome to {business} chat. This is {agent}, an automated assistant. What can I do for you?',
    );
  } else {
    script.agent(
      'Thank you for calling {business}, this is {agent}, a virtual assistant. How can I help you today?',
      "{business}, you're speaking with {agent}. What can I do for you?",
      "Hi, you've reached {business}. I'm {agent}, the automated assistant. How can I help?",
      'Good {partOfDay}, {business}. This is {agent}. How may I help you?',
    );
  }
}

function identify(script: Script, domain: Domain): void {
  script
    .agent(
      'I can help with that. First, may I have your full name, please?',
      "Sure, I can look into that for you. What's the name on the account?",
      'Happy to help with that. Can I get your first and last name, please?',
    )
    .user("It's {name}.", '{name}.', 'Yes, {name}.', 'Sure, it is {name}.')
    .agent(
      'Thanks, {first}. And your date of birth, just to confirm it is you?',
      'Thank you. Could you confirm your date of birth for me, please?',
      "Got it. And what's your date of birth, so I can verify the account?",
    )
    .user('{dob}.', "It's {dob}.", 'Born {dob}.')
    .event({ type: 'tool_call', name: domain.lookupTool, status: 'success', args: { last_name: '{last}' } });
}

interface Closing {
  /** The caller's answer to "anything else?" */
  done: readonly string[];
  /** The caller ending it after the agent's last answer. */
  doneUnprompted: readonly string[];
  farewell: readonly string[];
  bye: readonly string[];
}

const FRIENDLY_CLOSING: Closing = {
  done: [
    "No, that's all. Thanks for your help.",
    "Nope, that's everything. Thank you.",
    "No, you've been very helpful.",
  ],
  doneUnprompted: ["Great, that's all I needed. Thanks!", 'Okay, that answers everything. Thank you.'],
  farewell: [
    "You're welcome, {first}. Have a great rest of your day!",
    'My pleasure, it was good talking to you. Take care!',
    'Thanks for contacting {business}!',
  ],
  bye: ['You too, bye.', 'Thanks, bye.', 'Bye now.'],
};

/**
 * "Anything else?", the caller's further questions until the last three turns, then the goodbye. When the
 * agent spoke last, the caller's questions follow it directly.
 */
function wrapUp(script: Script, exchanges: readonly Exchange[], closing: Closing = FRIENDLY_CLOSING): void {
  const afterPrompt = !script.userNext();
  if (afterPrompt) {
    script.agent(
      'Is there anything else I can help you with?',
      'Anything else today?',
      'Can I help with anything else?',
    );
  }
  script
    .fillTo(
      TURNS_PER_CONVERSATION - 3,
      exchanges,
      afterPrompt ? ['Actually, yes. ', 'Yes, one more thing. ', 'Oh, '] : FAQ_LEADS,
    )
    .user(...(afterPrompt ? closing.done : closing.doneUnprompted))
    .agent(...closing.farewell)
    .user(...closing.bye);
}

function booking(script: Script, domain: Domain, faqs: readonly Exchange[]): void {
  script.user(
    "I'd like to book {service} for next week if you have anything.",
    'Hi, I need to schedule {service}, ideally sometime next week.',
    "I'm calling to set up {service}. What do you have open?",
  );
  identify(script, domain);
  script
    .agent(
      'Thanks, I found your file. Which day works best for {service}?',
      'Perfect, I have your details. When would you like to come in?',
      'Great, I see your record. What day would suit you?',
    )
    .user(
      '{day} if possible, ideally in the afternoon.',
      'Anything on {day}, preferably after lunch.',
      "{day} would be best. I'm free after one.",
    )
    .agent('Let me check {day} for you. One moment, please.', 'Okay, checking availability for {day} now.')
    .event({ type: 'tool_call', name: 'check_availability', status: 'success', args: { day: '{day}' } })
    .user('Sure, take your time.', 'No problem.', 'Okay, thanks.')
    .agent(
      'I have {time1} or {time2} on {day}. Which would you prefer?',
      "There's an opening at {time1}, and another at {time2}. Do either of those work?",
    )
    .user('{time2} works better for me.', "Let's do {time2}.", '{time2}, please. {time1} is too early with work.')
    .agent(
      'Just to confirm: {service} on {day} at {time2}. Shall I book that?',
      'So that is {day} at {time2} for {service}. Should I go ahead and book it?',
    )
    .user('Yes, please go ahead.', 'Yes, book it.', "That's right, go ahead.")
    .event({ type: 'tool_call', name: domain.bookingTool, status: 'success', args: { day: '{day}', at: '{time2}' } })
    .agent(
      "All set, {first}. You're booked for {day} at {time2}.",
      'Done. Your {item} is confirmed for {day} at {time2}.',
      "Great news, that's booked: {day} at {time2}.",
    )
    .user('Perfect. Will I get a confirmation?', 'Great. Can you text me the details?', 'Thanks. Do I get a reminder?')
    .agent(
      "Yes, I've sent a text to the number ending in {last2}, and you'll get a reminder the day before.",
      "I've just sent the details to your mobile ending in {last2}.",
    )
    .event({ type: 'tool_call', name: 'send_sms', status: 'success', args: { template: 'confirmation' } })
    .user('Got it, thanks.', 'Great, I see it.', 'Okay, good.');
  wrapUp(script, faqs);
}

function transfer(script: Script, domain: Domain, faqs: readonly Exchange[]): void {
  script.user(
    'Hi, I have a question about a charge on my last bill.',
    "I'm looking at my statement and there's a charge I don't recognize.",
    'Yeah, my bill this month is higher than usual and I want to know why.',
  );
  identify(script, domain);
  script
    .agent(
      'Thanks, {first}. I see {amount} for {addon} on the {month} statement. Is that the one?',
      'I found your account. There is {amount} for {addon} on your latest bill. Is that what you mean?',
    )
    .event({ type: 'tool_call', name: 'get_billing_history', status: 'success', args: { months: 3 } })
    .user('Yes, that one. I never asked for {addon}.', "That's it. Nobody told me about that.", 'Yes. What is that?')
    .agent(
      "I'm sorry for the confusion. It was added when your plan renewed. I can open a review of the charge.",
      'I understand. I can submit a dispute and have the charge reviewed.',
    )
    .exchange(
      ['How long does a review take?', "Usually about a week, and you won't be charged late fees meanwhile."],
      ['Will I have to pay it in the meantime?', 'No, the amount is on hold while we review it.'],
    )
    // The request for a person and the transfer take the last nine turns.
    .fillTo(TURNS_PER_CONVERSATION - 9, [
      ['Was it on my bill before?', 'No, this is the first month it shows up.'],
      ['Can you at least tell me when it was added?', 'It was added on the {dayOfMonth} of {month}.'],
      ...faqs,
    ])
    .user(
      "Honestly, I'd rather talk to a real person about this.",
      'Can I just speak to someone in billing?',
      "I'd like to talk to a human, please.",
    )
    .agent(
      'I understand. I can usually sort billing questions out here. Would you like me to try first?',
      'I can help with most billing issues myself. Want me to open the dispute for you now?',
    )
    .user(
      'No thanks, I want to speak to a person.',
      'No, please put me through to a representative.',
      "I'd really prefer a real person, thanks.",
    )
    .agent(
      'Of course. I will transfer you to {team}. Is the number ending in {last2} the best one if we get cut off?',
      'No problem, I am connecting you with {team}. Can they call you back on the number ending in {last2}?',
    )
    .user("Yes, that's the one.", "Yep, that's my cell.", 'Yes, that works.')
    .agent(
      'Thanks. The wait is about {minutes} minutes. Connecting you now, please stay on the line.',
      'Great. Someone will be with you in about {minutes} minutes. Transferring you now.',
    )
    .event({ type: 'transfer', target: domain.transferTarget, status: 'completed', reason: 'caller_request' })
    .user('Okay, thank you.', 'Great, thanks.', 'Alright.')
    .agent('You are welcome. Thanks for your patience, {first}.', 'Thank you for holding, {first}.')
    .user('Sure.', 'Okay.', 'Mm-hm.');
}

function frustrated(script: Script, domain: Domain, faqs: readonly Exchange[]): void {
  const retry = script.random() < 0.5;
  script.user(
    "This is the third time I'm calling about {problem}, and nobody has fixed it.",
    "I'm really fed up. I've called twice already about {problem}.",
    'I need someone to finally deal with {problem}. I have been waiting for weeks.',
  );
  identify(script, domain);
  script
    .agent(
      "I see two earlier notes about {problem}. I'm sorry this has taken so long.",
      "I can see your previous calls. I'm sorry you've had to chase this.",
    )
    .event({ type: 'tool_call', name: 'get_ticket_history', status: 'success', args: { open_only: false } })
    .user(
      "Sorry doesn't help. I've wasted hours on this and it's ridiculous.",
      'Honestly, this is unacceptable. I keep getting promises and nothing happens.',
      "I'm so frustrated. Every time I call I have to explain it all over again.",
    )
    .agent(
      "You're right to be upset. Let me check what happened after your last call.",
      'I understand, and I want to get this fixed today. Let me look at the last ticket.',
    )
    .user(
      'Nobody called me back, even though they promised.',
      "I was told it was sorted, and a week later it's the same thing.",
      'I waited all afternoon and nobody showed up or called.',
    )
    .agent(
      'I see the follow-up was never completed on our side. That should not have happened.',
      'You are right, the last ticket was closed without a fix. I apologize.',
    )
    .user('Unbelievable. So what are you going to do about it?', 'Great. So what now?')
    .agent(
      'I can schedule a priority {item} and add a credit of {amount} to your account. Would that help?',
      'I can book a priority {item} and credit {amount} to your account for the trouble.',
    )
    .user(
      "Fine. But if this happens again I'm done with you.",
      'Okay, but this is the last chance.',
      'I guess. Just make sure it actually happens this time.',
    )
    .agent('Understood. Let me book the priority {item} now.', 'Thank you. Booking the priority {item} now.')
    .user('Go ahead.', 'Okay.', 'Fine.');
  if (retry) {
    script
      .event({ type: 'tool_call', name: domain.bookingTool, status: 'error', error: 'upstream timeout' })
      .agent(
        "I'm sorry, the booking didn't go through on my first try. Let me try again.",
        'Sorry, the system did not accept that booking. Give me a second to try once more.',
      )
      .user('Of course it did not.', 'Seriously?', 'Typical.');
  }
  script
    .event({ type: 'tool_call', name: domain.bookingTool, status: 'success', args: { priority: true } })
    .agent(
      "Okay, it's booked: {day} at {time1}, marked as priority.",
      "That's done. You're booked for {day} at {time1} as a priority.",
    )
    .user('And the credit?', 'What about the credit you mentioned?')
    .agent('The {amount} credit is applied and shows on your next statement.', 'I have applied the {amount} credit.')
    .event({ type: 'tool_call', name: 'apply_credit', status: 'success', args: { amount: '{amount}' } })
    .user('Fine.', 'Alright, fine.', 'Okay.');
  wrapUp(
    script,
    [
      ['Why does this keep happening?', 'The ticket was never assigned. I have now assigned it to a team lead.'],
      ['Will I be charged for this visit?', 'No, there is no charge for this one.'],
      ['Can I get a direct number for next time?', 'I added a note so whoever you reach sees the full history.'],
      ...faqs,
    ],
    {
      done: ['No. Just make sure someone actually follows up this time.', 'No, just get it fixed.'],
      doneUnprompted: ['Fine. That is all.'],
      farewell: [
        'I have flagged your file so the team follows up. Thank you for your patience, {first}.',
        'It is flagged for follow-up. Thanks for bearing with us, {first}.',
      ],
      bye: ['Yeah. Bye.', 'Okay. Bye.', 'Bye.'],
    },
  );
}

function question(script: Script, domain: Domain, faqs: readonly Exchange[]): void {
  script.user(
    'Hi, can you tell me when my next {item} is? I lost the reminder.',
    "I think I have {service} coming up but I can't remember the day.",
    'Quick question, when am I booked in next?',
  );
  identify(script, domain);
  script
    .agent('The calendar shows {service} on {day} at {time1}.', 'I see {service} on {day} at {time1}. Is that the one?')
    .event({ type: 'tool_call', name: 'list_upcoming', status: 'success', args: { limit: 3 } })
    .user('Oh good. And how long will it take?', 'Right, thanks. How long should I plan for?')
    .agent('It takes {duration}.', 'Plan for {duration}.')
    .user('Do I need to bring anything?', 'Is there anything I should bring?')
    .agent(
      'Nothing special; we have everything we need on file.',
      'No, just let us know if your details changed since last time.',
    )
    .user("And if I'm running a few minutes late?", 'What happens if I am late?')
    .agent(
      'Call us or reply to the reminder text; we hold the slot for fifteen minutes.',
      'We can hold it for fifteen minutes, just let us know.',
    );
  wrapUp(script, faqs);
}

function scenarioFor(random: Random): Scenario {
  let roll = random();
  for (const scenario of SCENARIOS) {
    roll -= SCENARIO_WEIGHTS[scenario];
    if (roll < 0) return scenario;
  }
  return 'question';
}

const BUILDERS: Record<Scenario, (script: Script, domain: Domain, faqs: readonly Exchange[]) => void> = {
  booking,
  transfer,
  frustrated,
  question,
};

const STARTED_AT_MS = Date.parse('2026-11-12T14:00:00Z');

/** One conversation; the same seed and index always give the same one. */
export function generateConversation(seed: number, index: number, externalId: string): GeneratedConversation {
  const random = seededRandom((seed * 1_000_003 + index * 2_654_435_761) >>> 0);
  const scenario = scenarioFor(random);
  const channel = random() < CHAT_SHARE ? 'chat' : 'voice';
  const domain = pick(random, DOMAINS);
  const business = Math.floor(random() * 2) as 0 | 1;
  const first = pick(random, FIRST_NAMES);
  const last = pick(random, LAST_NAMES);
  const [time1, time2] = shuffled(random, TIMES);
  const context: Record<string, string> = {
    business: domain.businesses[business],
    agent: domain.agentNames[business],
    item: domain.item,
    service: pick(random, domain.services),
    problem: pick(random, domain.problems),
    addon: pick(random, domain.addons),
    team: domain.team,
    duration: domain.duration,
    first,
    last,
    name: `${first} ${last}`,
    dob: `${pick(random, MONTHS)} ${ordinal(1 + Math.floor(random() * 28))}, ${1950 + Math.floor(random() * 55)}`,
    day: pick(random, DAYS),
    time1: time1 ?? 'nine',
    time2: time2 ?? 'two',
    month: pick(random, MONTHS),
    dayOfMonth: ordinal(1 + Math.floor(random() * 28)),
    amount: `$${5 + Math.floor(random() * 60)}.${random() < 0.5 ? '99' : '00'}`,
    last2: String(10 + Math.floor(random() * 90)),
    minutes: String(2 + Math.floor(random() * 6)),
    partOfDay: random() < 0.5 ? 'morning' : 'afternoon',
  };
  const faqs = shuffled(random, [...domain.faqs, ...GENERIC_FAQS]);
  const script = new Script(random, context);
  greeting(script, channel);
  BUILDERS[scenario](script, domain, faqs);
  if (script.turns.length !== TURNS_PER_CONVERSATION) {
    throw new Error(`${scenario} conversation has ${script.turns.length} turns, not ${TURNS_PER_CONVERSATION}`);
  }

  const transcript = timed(script.turns, channel, random);
  const events: BenchEvent[] = script.events.map(({ afterTurn, event }, i) => ({
    ...fillEvent(event, context),
    at_ms: (transcript[afterTurn]?.end_ms ?? afterTurn * 4000) + 150 + i * 40,
  }));
  const lengthMs = (transcript.at(-1)?.end_ms ?? TURNS_PER_CONVERSATION * 4000) + 600;
  const endedBy =
    scenario === 'transfer' ? 'system' : channel === 'chat' ? 'user' : random() < 0.8 ? 'caller' : 'agent';
  if (channel === 'voice') events.push({ type: 'hangup', status: 'completed', by: endedBy, at_ms: lengthMs - 200 });
  const startedAt = STARTED_AT_MS + index * 37_000;
  const agentId = `${domain.key}-${business + 1}`;
  return {
    scenario,
    body: {
      external_id: externalId,
      channel,
      started_at: new Date(startedAt).toISOString(),
      ended_at: new Date(startedAt + lengthMs).toISOString(),
      ended_by: endedBy,
      agent: { id: agentId, name: `${context.agent} (${context.business})`, version: '2026.11.2' },
      group: { id: domain.key, name: domain.label },
      transcript,
      events,
      metadata: metadataFor(channel, agentId, index, random),
    },
  };
}

function fillEvent(event: BenchEvent, context: Record<string, string>): BenchEvent {
  const args = event.args as Record<string, unknown> | undefined;
  if (!args) return event;
  const filled = Object.fromEntries(
    Object.entries(args).map(([key, value]) => [key, typeof value === 'string' ? fill(value, context) : value]),
  );
  return { ...event, args: filled };
}

/** Voice turns get times and, for the caller, a speech recognition confidence; chat turns are messages. */
function timed(turns: Script['turns'], channel: 'voice' | 'chat', random: Random): BenchTurn[] {
  let clock = 400;
  return turns.map(({ speaker, text }) => {
    const start = clock;
    const end = start + Math.round((text.length / 15) * 1000);
    clock = end + 500 + Math.floor(random() * 900);
    if (channel === 'chat') return { speaker, text };
    const turn: BenchTurn = { speaker, text, start_ms: start, end_ms: end };
    if (speaker === 'user') turn.asr_confidence = Math.round((0.78 + random() * 0.21) * 100) / 100;
    return turn;
  });
}

function metadataFor(channel: 'voice' | 'chat', agentId: string, index: number, random: Random) {
  const serial = (index * 7919 + 104_729).toString(16).padStart(8, '0');
  const common = { language: 'en-US', direction: 'inbound', deployment: agentId, experiment: { name: 'greeting_v3' } };
  return channel === 'voice'
    ? {
        ...common,
        call_sid: `CA${serial}${'0'.repeat(24)}`,
        from: `+1******${String(1000 + Math.floor(random() * 9000))}`,
        telephony: { provider: 'twilio', codec: 'opus', region: 'us-east-1', recording: true },
      }
    : {
        ...common,
        session_id: `chat_${serial}`,
        widget: { page: '/contact', device: random() < 0.6 ? 'mobile' : 'desktop' },
      };
}

/** `count` conversations with external ids `${idPrefix}${index}`. */
export function generateConversations(count: number, seed: number, idPrefix: string): GeneratedConversation[] {
  return Array.from({ length: count }, (_, index) => generateConversation(seed, index, `${idPrefix}${index}`));
}

/** Characters of transcript text, for the size line of the report. */
export function transcriptCharacters(body: ConversationBody): number {
  return body.transcript.reduce((sum, turn) => sum + turn.text.length, 0);
}
