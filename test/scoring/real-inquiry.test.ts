import { describe, expect, it } from 'vitest';
import { conversation, scoreBuiltin } from './conversation.js';

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
