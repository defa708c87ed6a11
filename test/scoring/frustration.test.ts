import { describe, expect, it } from 'vitest';
import { FRUSTRATION_THRESHOLD } from '../../src/scoring/model/frustration.js';
import { conversation, scoreBuiltin } from './conversation.js';

describe('frustration', () => {
  it('fails for a clearly frustrated caller and scores above the threshold', () => {
    const result = scoreBuiltin(
      'frustration',
      conversation([
        ['user', 'This is ridiculous. I have been on hold for two hours.'],
        ['agent', 'I am sorry about the wait.'],
      ]),
    );
    expect(result).toMatchObject({ verdict: 'fail', decided_by: 'model', evidence_turns: [0] });
    expect(result.score).toBeGreaterThanOrEqual(FRUSTRATION_THRESHOLD);
    expect(result.reason).toContain('turn 1');
  });

  it('reads sarcasm that sentiment alone rates as positive', () => {
    const result = scoreBuiltin(
      'frustration',
      conversation([
        ['user', 'great, just great, third time calling'],
        ['agent', 'I am sorry.'],
      ]),
    );
    expect(result.verdict).toBe('fail');
  });

  it('passes a calm, polite caller even when they were not helped', () => {
    const result = scoreBuiltin(
      'frustration',
      conversation([
        ['user', 'Hi, could you tell me whether my crown is covered?'],
        ['agent', "I'm sorry, I don't have that information."],
        ['user', 'Oh, okay. Thank you anyway.'],
      ]),
    );
    expect(result.verdict).toBe('pass');
    expect(result.score).toBeLessThan(0.2);
  });

  it('does not mistake a bad situation for anger at the service', () => {
    const result = scoreBuiltin(
      'frustration',
      conversation([
        ['user', 'My wallet was stolen and I am really worried about my card.'],
        ['agent', 'I have blocked it.'],
      ]),
    );
    expect(result.verdict).toBe('pass');
  });

  it('counts having to ask for a person more than once', () => {
    const result = scoreBuiltin(
      'frustration',
      conversation([
        ['user', 'operator'],
        ['agent', 'Is this about billing?'],
        ['user', 'operator!! I want an operator'],
      ]),
    );
    expect(result.verdict).toBe('fail');
  });
});

/** The frustration verdict of a call: caller and agent turns alternate as given. */
function verdictOf(turns: [speaker: 'user' | 'agent', text: string][]): string {
  return scoreBuiltin('frustration', conversation(turns)).verdict;
}

/** One caller line after an agent line that neither helps nor lets the caller down. */
const callerSays = (text: string, agent = 'Let me look into that for you.') =>
  verdictOf([
    ['agent', agent],
    ['user', text],
  ]);

describe('frustration: surprise, swearing and loudness take their polarity from the context', () => {
  it('does not read delight, fear or a story about the weather as anger', () => {
    expect(
      callerSays('Holy shit, that is way more than I expected. Thank you!', 'The offer is nine thousand dollars.'),
    ).toBe('pass');
    expect(callerSays('Oh my god. Okay. She is at the library?', 'Your son signed in at the library at three.')).toBe(
      'pass',
    );
    expect(callerSays('We have had this damn wind all night and a tree came down on the shed.')).toBe('pass');
    expect(callerSays('no way are you serious, book it book it', 'A cabin just opened up for that weekend.')).toBe(
      'pass',
    );
    expect(callerSays('hiii can we get a cake for SATURDAY?? it is my MUMS birthday')).toBe('pass');
  });

  it('reads the same words as exasperation right after a let-down', () => {
    expect(callerSays('Seriously? Oh my god.', "I'm afraid we can't refund that.")).toBe('fail');
    expect(callerSays('are you serious right now', 'Unfortunately I am unable to change the date.')).toBe('fail');
    expect(callerSays('I NEED THIS FIXED TODAY!!', 'The order did not go through, there was an error.')).toBe('fail');
  });

  it('reads surprise as exasperation when the caller complains elsewhere in the call', () => {
    expect(
      verdictOf([
        ['user', 'This is the third time I have called about this.'],
        ['agent', 'The change fee is forty dollars.'],
        ['user', 'oh my god'],
      ]),
    ).toBe('fail');
  });

  it('counts oaths unless the caller blames themselves or laughs', () => {
    expect(callerSays('Where the hell is my delivery? It was due on Monday.')).toBe('fail');
    expect(callerSays('oh for heaven’s sake, sorry, I gave you the wrong postcode')).toBe('pass');
    expect(callerSays('omg wrong chat lol sorry')).toBe('pass');
  });
});

describe('frustration: repeating oneself', () => {
  const misrouted = (agentAsks: string): string =>
    verdictOf([
      ['user', 'I need to cancel my gym membership please.'],
      ['agent', agentAsks],
      ['user', 'no, I need to cancel my gym membership'],
      ['agent', 'Done, it is cancelled.'],
      ['user', 'Finally.'],
    ]);

  it('counts a request said again unasked', () => {
    expect(misrouted('Sure! Here are our membership upgrade options.')).toBe('fail');
  });

  it('does not count it when the agent asked to hear it again', () => {
    expect(misrouted('Sorry, could you repeat that?')).toBe('pass');
  });

  it('counts a third request for a person more than a second', () => {
    const asks = (times: number) =>
      verdictOf(
        Array.from({ length: times }, (): [['user', string], ['agent', string]] => [
          ['user', 'representative'],
          ['agent', 'Please choose billing, orders or returns.'],
        ]).flat(),
      );
    expect(asks(3)).toBe('fail');
    expect(asks(2)).toBe('pass');
  });
});

describe('frustration: complaints about the service', () => {
  it('reads threats to leave, dispute or go further', () => {
    expect(callerSays('If I get charged for this again I am closing my account.')).toBe('fail');
    expect(callerSays("I'll just have my bank reverse it then.")).toBe('fail');
    expect(callerSays('I will not be shopping with you again.')).toBe('fail');
    expect(callerSays('I am going to leave a scathing review.')).toBe('fail');
    expect(callerSays('I will be reporting you to trading standards.')).toBe('fail');
    expect(callerSays('You will be hearing from my solicitor.')).toBe('fail');
  });

  it('does not read requests that share their words as threats', () => {
    expect(callerSays('Hi, I need to dispute a charge on my card.')).toBe('pass');
    expect(callerSays("Ah ok. I'll leave a message then.")).toBe('pass');
  });

  it('reads blame, futility and not being listened to', () => {
    expect(callerSays('That was your mistake, not mine.')).toBe('fail');
    expect(callerSays('You guys screwed up the delivery address.')).toBe('fail');
    expect(callerSays('We are going round in circles here.')).toBe('fail');
    expect(callerSays("Please listen to what I'm saying.")).toBe('fail');
    expect(callerSays('You keep sending me the same link.')).toBe('fail');
    expect(callerSays("Can't you just refund it?")).toBe('fail');
    expect(callerSays('What is wrong with you people?')).toBe('fail');
    expect(callerSays('Do you even read these messages?')).toBe('fail');
    expect(callerSays('Honestly the worst customer service I have had.')).toBe('fail');
    expect(callerSays('For the last time, the account is in my name.')).toBe('fail');
    expect(callerSays("I've left three voicemails this week.")).toBe('fail');
    expect(callerSays('Forget it, I will go somewhere else.')).toBe('fail');
    expect(callerSays('Okay, whatever, I will call back.')).toBe('fail');
  });

  it('does not read the same words aimed elsewhere or negated', () => {
    expect(callerSays("It's not your fault, the storm took the line down.")).toBe('pass');
    expect(callerSays("I'm not going anywhere, take your time.")).toBe('pass');
    expect(callerSays('Do you keep spare keys at the office?')).toBe('pass');
    expect(callerSays('Whatever time works for you is fine.')).toBe('pass');
  });

  it('reads having told or tried it already, not having done anything already', () => {
    expect(callerSays('I already explained all this to the last person.')).toBe('fail');
    expect(callerSays("I've done that twice.")).toBe('fail');
    expect(callerSays('This is the fourth letter this month about the same bill.')).toBe('fail');
    expect(callerSays('I already took my tablet this morning. Is that a problem?')).toBe('pass');
    expect(callerSays('My daughter is in third grade, Mrs. Cho’s class.')).toBe('pass');
  });

  it('reads waits in any unit', () => {
    expect(callerSays("I've been sitting on this website for 25 mins trying to pay.")).toBe('fail');
  });

  it('reads two corrections with a contrast, not one calm "no, not yet"', () => {
    expect(
      verdictOf([
        ['agent', 'I can set up an exchange for you.'],
        ['user', 'No, a refund. Not store credit.'],
        ['agent', 'Exchanges are free! Shall I go ahead?'],
        ['user', 'I said a refund, not an exchange.'],
      ]),
    ).toBe('fail');
    expect(callerSays('No, not yet.')).toBe('pass');
  });
});

describe('frustration: sarcasm', () => {
  it('reads praise that contradicts the situation', () => {
    expect(callerSays('Oh wonderful, another hold message.')).toBe('fail');
    expect(callerSays('a bot telling me no, love this for me')).toBe('fail');
    expect(callerSays('Perfect. Charged twice.')).toBe('fail');
  });

  it('does not read praise followed by an apology or a place as sarcasm', () => {
    expect(callerSays('Amazing. And sorry again for the mix-up.')).toBe('pass');
    expect(callerSays('Oh great. Is the pool down the hall?')).toBe('pass');
  });
});

describe('frustration: curt verdicts and rhetorical questions', () => {
  it('reads them as annoyance', () => {
    expect(callerSays('Typical.')).toBe('fail');
    expect(callerSays('What kind of company is this?')).toBe('fail');
    expect(callerSays('Stop asking me the same question.')).toBe('fail');
    expect(callerSays("Honestly, I don't have time for this.")).toBe('fail');
    expect(callerSays('That is not good enough.')).toBe('fail');
    expect(callerSays('This is taking forever.')).toBe('fail');
    expect(callerSays('You obviously misheard me.')).toBe('fail');
    expect(callerSays('I am going to leave a one star review.')).toBe('fail');
  });

  it('does not read the neighbouring calm wordings', () => {
    expect(callerSays("I don't have time for this appointment on Friday, can we move it?")).toBe('pass');
    expect(callerSays('Please stop the newsletter emails, thanks.')).toBe('pass');
    expect(callerSays('What kind of cake would you recommend for a child?')).toBe('pass');
  });
});
