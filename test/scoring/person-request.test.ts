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
