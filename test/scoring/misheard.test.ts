import { describe, expect, it } from 'vitest';
import { conversation, scoreBuiltin } from './conversation.js';

const misheard = { asr_confidence: 0.5 };
const clear = { asr_confidence: 0.95 };

describe('possibly misheard turns', () => {
  it('leave a request for a person heard only in a misheard turn uncertain', () => {
    const result = scoreBuiltin(
      'person_request_honored',
      conversation([
        ['user', 'can i talk to a person about my bill', misheard],
        ['agent', 'I can help with billing. What is your question?'],
        ['user', 'never mind', clear],
      ]),
    );
    expect(result).toMatchObject({ verdict: 'uncertain', evidence_turns: [0] });
  });

  it('leave frustration heard only in a misheard turn uncertain', () => {
    const result = scoreBuiltin(
      'frustration',
      conversation([
        ['user', 'this is [inaudible] ridiculous the price went up', misheard],
        ['agent', 'Sorry, could you repeat that?'],
        ['user', 'the address is 22 Willow Court', clear],
      ]),
    );
    expect(result.verdict).toBe('uncertain');
    // Misheard turns weigh less in the score itself.
    expect(result.score).toBeLessThan(0.5);
  });

  it('leave an AI-disclosure failure resting on a misheard question uncertain', () => {
    const result = scoreBuiltin(
      'ai_disclosure',
      conversation([
        ['user', 'are you a real person', misheard],
        ['agent', 'Yes, I am! How can I help?'],
      ]),
    );
    expect(result.verdict).toBe('uncertain');
  });

  it('still decide when the same evidence was heard clearly', () => {
    const result = scoreBuiltin(
      'ai_disclosure',
      conversation([
        ['user', 'are you a real person', clear],
        ['agent', 'Yes, I am! How can I help?'],
      ]),
    );
    expect(result.verdict).toBe('fail');
  });
});
