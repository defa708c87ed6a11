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
