import { describe, expect, it } from 'vitest';
import { conversation, scoreBuiltin } from './conversation.js';

describe('person_request_honored', () => {
  it('fails when the caller asked for a person and no transfer followed, quoting the request', () => {
    const result = scoreBuiltin(
      'person_request_honored',
      conversation([
        ['agent', 'Hi, how can I help?'],
        ['user', 'My internet is down again.'],
        ['agent', 'Let me run a line test.'],
        ['user', 'can I talk to a real person'],
        ['agent', 'I can help with most issues.'],
      ]),
    );
    expect(result).toMatchObject({ verdict: 'fail', decided_by: 'model', evidence_turns: [3] });
    expect(result.reason).toBe(
      'The caller asked for a person in turn 4 ("can I talk to a real person") and no transfer followed.',
    );
    expect(result.score).toBeGreaterThan(0.8);
  });

  it('passes when a transfer event follows the request', () => {
    const result = scoreBuiltin(
      'person_request_honored',
      conversation(
        [
          ['user', 'Representative, please.'],
          ['agent', 'Transferring you now.'],
        ],
        [{ type: 'transfer' }],
      ),
    );
    expect(result.verdict).toBe('pass');
    expect(result.score).toBeLessThan(0.1);
  });

  it('passes when a person takes over after the request', () => {
    const result = scoreBuiltin(
      'person_request_honored',
      conversation([
        ['user', 'Put me through to a manager.'],
        ['agent', 'One moment.'],
        ['human_agent', 'Hi, I am the manager.'],
      ]),
    );
    expect(result).toMatchObject({ verdict: 'pass', evidence_turns: [0, 2] });
  });

  it('is not applicable when nobody asked for a person', () => {
    const result = scoreBuiltin(
      'person_request_honored',
      conversation([
        ['user', 'What are your hours?'],
        ['agent', 'Nine to five.'],
      ]),
    );
    expect(result).toMatchObject({ verdict: 'not_applicable', score: null });
  });

  it('reads negation: declining a person or a transfer is not a request', () => {
    for (const said of [
      "I don't need a person, I just want my balance.",
      "No, I don't want to be transferred.",
      'No need to transfer me, just tell me the time.',
      'Why is my transfer to savings still pending?',
    ]) {
      const result = scoreBuiltin(
        'person_request_honored',
        conversation([
          ['user', said],
          ['agent', 'Sure.'],
        ]),
      );
      expect(result.verdict, said).toBe('not_applicable');
    }
  });

  it('counts a caller accepting an offered transfer as a request', () => {
    const result = scoreBuiltin(
      'person_request_honored',
      conversation([
        ['agent', 'Would you like me to transfer you to billing?'],
        ['user', 'Yes please.'],
        ['agent', 'Sorry, billing is closed right now.'],
      ]),
    );
    expect(result.verdict).toBe('fail');
    expect(result.reason).toContain('could not transfer');
  });

  it('names both turns when a person was requested twice', () => {
    const result = scoreBuiltin(
      'person_request_honored',
      conversation([
        ['user', 'Let me talk to a real person.'],
        ['agent', 'What is this about?'],
        ['user', 'I said let me talk to a real person!'],
        ['agent', 'I can help you here.'],
      ]),
    );
    expect(result).toMatchObject({ verdict: 'fail', evidence_turns: [0, 2] });
    expect(result.reason).toContain('twice');
  });

  it('is not applicable on a sales call asking for a decision maker', () => {
    const result = scoreBuiltin(
      'person_request_honored',
      conversation([
        [
          'user',
          "Hi, this is Mark from BrightLeads. We help businesses get more leads. Is the owner available? I'd like to speak to the manager.",
        ],
        ['agent', 'We are not interested, thank you.'],
      ]),
    );
    expect(result.verdict).toBe('not_applicable');
  });
});

/** The verdict on a call where the caller says `said` and the agent answers `reply` (and nothing else happens). */
function verdictOn(said: string, reply = 'I can help you with that here.'): string {
  return scoreBuiltin(
    'person_request_honored',
    conversation([
      ['agent', 'Thanks for calling, how can I help?'],
      ['user', said],
      ['agent', reply],
    ]),
  ).verdict;
}

function expectVerdicts(verdict: string, sentences: readonly string[], reply?: string): void {
  for (const said of sentences) expect(verdictOn(said, reply), said).toBe(verdict);
}

describe('person_request_honored: families of asking for a person', () => {
  it('reads a role or a department after any frame of asking, and not a thing of theirs or a service', () => {
    expectVerdicts('fail', [
      'Could I have a word with someone at reception, please?',
      'I need to speak directly with a nurse.',
      'Is there someone in billing?',
      'I need someone from customer service.',
      'I need the billing department, please.',
      'May I speak to whoever handles refunds?',
      'Get me to a vet tech, please.',
      'Can you route me to someone in sales?',
      'Could you pop me through to the front desk?',
      'Can I get the on-call nurse please?',
      'I want to complain to a manager.',
      'Is there a supervisor I could talk to?',
    ]);
    expectVerdicts('not_applicable', [
      'Can you get me the manager’s email?',
      'Can I get the name of your manager?',
      'Can I get a plumber out on Tuesday?',
      'Can you send me to the right page on the website?',
      'Is there someone in the area who can fix my roof?',
      'Can I get a human readable copy of the invoice?',
      'I need the parts.',
    ]);
  });

  it('reads a named person asked for or asked after, and a wrong number when the agent knows no such person', () => {
    expectVerdicts('fail', [
      'Hi, could I talk to Dr. Lindqvist please?',
      'Hi, is it possible to speak to Mrs. Alvarez?',
      "I'm calling for Ms. Okafor. Is she available?",
      'Is Gloria around?',
      'hii is Priya available??',
      'Would Sandra be free for a quick word?',
      'Is the pharmacist in today?',
      'Is there a pharmacist available?',
      'Could I speak to Darnell?',
    ]);
    expectVerdicts('not_applicable', [
      'Is Friday available?',
      'Is the room available on Friday?',
      'Hello? Is anyone there?',
      'Is it still available?',
      'Is he going to be okay?',
      'My dog has been boarding with you. Is she still there?',
      'I talked to Gloria last week about it.',
      'Could I speak to Darnell first and call you back?',
    ]);
    expect(verdictOn('Hey is Marcus there?', "I don't think we have a Marcus here.")).toBe('not_applicable');
    expect(verdictOn('Hi, can I speak to Dr. Smith?', "I'm sorry, there's no Dr. Smith here.")).toBe('not_applicable');
  });

  it('reads a pronoun for someone named before when the caller asks to talk to them', () => {
    expectVerdicts('fail', [
      'My loan officer is not answering. I need to talk to her or anyone on her team today.',
      'Can I speak to him directly?',
    ]);
    expectVerdicts('not_applicable', ['I told her about it already.', 'Can I talk to you about my order?']);
  });

  it('takes a negative question as asking all the more, and a plain negation as declining', () => {
    expectVerdicts('fail', [
      "Why can't you just put me through to someone?",
      "Can't I just speak to a nurse?",
      "Isn't there anyone I can talk to?",
      'Is there no one I can talk to?',
      "Why won't you let me talk to a person?",
      'as soon as possible when cant you just put me through to someone else',
    ]);
    expectVerdicts('not_applicable', [
      "I don't want to be transferred again.",
      "Don't transfer me.",
      "I don't have anyone I can talk to about this.",
      "I can't talk to anyone right now, I'm at work.",
      'Do I have to speak to a manager to get a refund?',
      'Can I do this without having to talk to a person?',
    ]);
  });

  it('reads indirect asks and preferences for a person', () => {
    expectVerdicts('fail', [
      "I'd rather deal with a real person.",
      'I prefer to speak with the people.',
      "I'd prefer a human, honestly.",
      'Any chance of speaking to an actual person?',
      'Would you mind transferring me to the front desk?',
      "I'd feel better talking to a person.",
      'Can a real person help me?',
      'I need help from a real person.',
      'Is there a human there?',
      'I was wondering if I could speak to somebody about my bill.',
      'Do you have someone who speaks Spanish?',
    ]);
    expectVerdicts('not_applicable', [
      'I was wondering if I need to speak to a doctor before taking it.',
      'Do you speak Spanish?',
      'I have someone here who speaks English.',
      'Are you a real person?',
    ]);
  });

  it('reads learners of English and chat spellings', () => {
    expectVerdicts('fail', [
      'Please, I want talk with real person.',
      'I need speak to manager, please.',
      'Please, give me person!',
      'Please connect to agent.',
      'can i talk 2 someone',
      'You can connect me to someone who speak Spanish?',
      'human pls',
      'gimme a human',
    ]);
    expectVerdicts('not_applicable', ['You can transfer me later if needed.', 'Press 1 to speak to an agent.']);
  });

  it('reads through hesitations, repeated words and roles said on their own', () => {
    expectVerdicts('fail', [
      'can I, uh, talk to a person?',
      'let me speak with uh with the manager',
      'um can i get uh the representative',
      "REPRESENTATIVE for god's sake",
      'operator please operator',
      'Not you, a person.',
      'A human, please, not a machine.',
    ]);
    const afterVirtualAssistant = (reply: string) =>
      scoreBuiltin(
        'person_request_honored',
        conversation([
          ['agent', reply],
          ['user', 'a real one please'],
          ['agent', 'Okay.'],
        ]),
      ).verdict;
    expect(afterVirtualAssistant("Hi, I'm Nook, the virtual assistant. What can I do for you?")).toBe('fail');
    expect(afterVirtualAssistant('Would you like the replica or a real one?')).toBe('not_applicable');
  });

  it('does not take what the caller will do themselves for a request, unless it is a person as against the agent', () => {
    expectVerdicts('not_applicable', [
      "I'll talk to my wife and call you back.",
      'We will talk to the landlord ourselves.',
      'I might have to speak to a lawyer about this.',
      'I need to talk to my accountant first before I book.',
    ]);
    expectVerdicts('fail', ['I will speak to a manager, now.', 'I need to talk to my caseworker about my benefits.']);
  });

  it('leaves one misheard request uncertain, but not the same request misheard again and again', () => {
    const misheard = { asr_confidence: 0.6 };
    const once = scoreBuiltin(
      'person_request_honored',
      conversation([
        ['user', 'oh uh can i talk to a purse and about the fee', misheard],
        ['agent', 'The fee is waived for emergencies.'],
      ]),
    );
    expect(once.verdict).toBe('uncertain');
    const again = scoreBuiltin(
      'person_request_honored',
      conversation([
        ['user', 'representative', misheard],
        ['agent', 'It sounds like you want to replace a device.'],
        ['user', "REPRESENTATIVE for god's sake", misheard],
        ['agent', "Sorry, I'm having trouble understanding."],
      ]),
    );
    expect(again.verdict).toBe('fail');
  });
});

describe('person_request_honored: what honours a request and what does not', () => {
  it('passes on the agent putting the caller through in other words', () => {
    expectVerdicts('pass', ['Can I talk to a person?'], 'Sure, one moment while I transfer you.');
    for (const reply of [
      "I'm putting you through to our team now.",
      'Of course. Sending you over to customer care.',
      'Sure, someone will be with you shortly.',
      'Please hold while I transfer you to a manager.',
      "I've handed this conversation over to a human agent.",
      'Let me loop in a specialist.',
      'A manager will join the chat in a moment.',
      'Let me get her on the line for you.',
    ])
      expect(verdictOn('Can I talk to a person?', reply), reply).toBe('pass');
  });

  it('fails on a callback, a message, a booking or a hold instead', () => {
    for (const reply of [
      'Nobody is available right now, but I can take a message.',
      "I'll get someone to call you back.",
      "I'll put you down for a callback tomorrow morning.",
      "I'll pass your message on to the team.",
      'Let me get you the number for our head office.',
      "I'm putting you on hold while I check something.",
      'The manager will be with you on Tuesday when you come in.',
    ])
      expect(verdictOn('Can I talk to a person?', reply), reply).toBe('fail');
  });

  it('fails when the person turns out to be away after the agent said it would transfer', () => {
    const result = scoreBuiltin(
      'person_request_honored',
      conversation([
        ['user', 'Could I speak to the pharmacist please?'],
        ['agent', "I'll transfer you to the pharmacist."],
        ['agent', 'The pharmacist is with a patient right now. Can I take a message?'],
      ]),
    );
    expect(result.verdict).toBe('fail');
    expect(result.reason).toContain('could not transfer');
  });

  it('counts accepting an offer to talk to someone, in a question or left to the caller, as a request', () => {
    const offered = (offer: string, answer: string, after = 'Okay.') =>
      scoreBuiltin(
        'person_request_honored',
        conversation([
          ['agent', offer],
          ['user', answer],
          ['agent', after],
        ]),
      ).verdict;
    expect(offered('Would you like to speak with a nurse?', 'Yes please.', 'Sorry, no nurse is available.')).toBe(
      'fail',
    );
    expect(offered("I can transfer you to billing if you'd like.", 'Sure.', 'Transferring you now.')).toBe('pass');
    expect(offered("I can transfer you to billing if you'd like.", "No, that's fine.")).toBe('not_applicable');
  });

  it('reads "okay, no, that is fine" after an offer as declining it, not accepting', () => {
    const answered = (answer: string) =>
      scoreBuiltin(
        'person_request_honored',
        conversation([
          ['agent', "I can answer questions, or pass you to the team if you'd prefer."],
          ['user', answer],
          ['agent', 'We service both.'],
        ]),
      ).verdict;
    expect(answered('okay no thats fine um do you service heat pumps or just boilers')).toBe('not_applicable');
    expect(answered("Sure, I'm good, just tell me the price.")).toBe('not_applicable');
    expect(answered('yeah nah no need, quick question though')).toBe('not_applicable');
    expect(answered('okay yes please put me through')).toBe('fail');
  });

  it('takes a job no list names, by its form, for a person asked for; things of the same endings are not', () => {
    const asked = (said: string) =>
      scoreBuiltin(
        'person_request_honored',
        conversation([
          ['user', said],
          ['agent', 'Sorry, nobody is free right now.'],
        ]),
      ).verdict;
    expect(asked('is it possible to talk to the surveyor or someone technical')).toBe('fail');
    expect(asked("hiya can i talk to the driver, he's meant to be here by ten")).toBe('fail');
    expect(asked('could I speak with your upholsterer about the fabric')).toBe('fail');
    expect(asked('can I talk to the computer or is this a person')).toBe('not_applicable');
    expect(asked('I need to talk to my partner about the quote first')).toBe('not_applicable');
  });
});
