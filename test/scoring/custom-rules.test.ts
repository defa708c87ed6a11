import { describe, expect, it } from 'vitest';
import type { CustomRule } from '../../src/domain/checks.js';
import { MAX_PATTERN_LENGTH, scoreCustomRule, validateCustomRule } from '../../src/scoring/custom-rules.js';
import { conversation } from './conversation.js';

const call = conversation(
  [
    ['agent', 'Hi! This call may be recorded for quality. How can I help?'],
    ['user', 'I need to reschedule.'],
    ['agent', 'Sure, what day works?'],
    ['user', 'Friday. And honestly your app is garbage.'],
  ],
  [
    { type: 'tool_call', name: 'Reschedule_Appointment', status: 'failed' },
    { type: 'tool_call', name: 'reschedule_appointment', status: 'OK' },
    { type: 'tool_call', name: 'send_sms', status: 'error' },
  ],
);

const phrase = (rule: Partial<Extract<CustomRule, { type: 'phrase' }>>): CustomRule => ({
  type: 'phrase',
  speaker: 'agent',
  mode: 'must_say',
  within: 'first_turn',
  ...rule,
});

describe('phrase rules', () => {
  it('must_say within the first turn of the speaker', () => {
    const found = scoreCustomRule('disclosure', phrase({ phrases: ['may be recorded'] }), call);
    expect(found).toMatchObject({
      check_key: 'disclosure',
      verdict: 'pass',
      decided_by: 'rule',
      evidence_turns: [0],
      choice: null,
    });
    const later = scoreCustomRule('disclosure', phrase({ phrases: ['what day works'] }), call);
    expect(later).toMatchObject({ verdict: 'fail', evidence_turns: [0] });
    expect(
      scoreCustomRule('disclosure', phrase({ phrases: ['what day works'], within: 'any_turn' }), call).verdict,
    ).toBe('pass');
  });

  it('must_not_say in any turn, by pattern, case-insensitively', () => {
    const rule = phrase({ speaker: 'user', mode: 'must_not_say', pattern: '\\bGARBAGE\\b', within: 'any_turn' });
    expect(scoreCustomRule('rude', rule, call)).toMatchObject({ verdict: 'fail', evidence_turns: [3], score: 1 });
    const polite = phrase({ speaker: 'agent', mode: 'must_not_say', phrases: ['garbage'], within: 'any_turn' });
    expect(scoreCustomRule('rude', polite, call)).toMatchObject({ verdict: 'pass', score: 0 });
  });

  it('is not applicable when the speaker never spoke', () => {
    expect(scoreCustomRule('x', phrase({ speaker: 'human_agent', phrases: ['hello'] }), call).verdict).toBe(
      'not_applicable',
    );
  });

  it('is uncertain when the only turns it rests on may have been misheard', () => {
    const noisy = conversation([['user', 'cancel my account', { asr_confidence: 0.4 }]]);
    const rule = phrase({ speaker: 'user', mode: 'must_not_say', phrases: ['cancel'], within: 'any_turn' });
    expect(scoreCustomRule('x', rule, noisy).verdict).toBe('uncertain');
  });
});

describe('event rules', () => {
  it('must_call, must_succeed and must_not_call compare names case-insensitively', () => {
    const rule = (name: string, mode: 'must_call' | 'must_succeed' | 'must_not_call'): CustomRule => ({
      type: 'event',
      name,
      mode,
    });
    expect(scoreCustomRule('a', rule('reschedule_appointment', 'must_call'), call).verdict).toBe('pass');
    expect(scoreCustomRule('a', rule('reschedule_appointment', 'must_succeed'), call).verdict).toBe('pass');
    expect(scoreCustomRule('a', rule('send_sms', 'must_succeed'), call)).toMatchObject({ verdict: 'fail' });
    expect(scoreCustomRule('a', rule('send_sms', 'must_succeed'), call).reason).toContain('error');
    expect(scoreCustomRule('a', rule('create_ticket', 'must_call'), call).verdict).toBe('fail');
    expect(scoreCustomRule('a', rule('SEND_SMS', 'must_not_call'), call).verdict).toBe('fail');
    expect(scoreCustomRule('a', rule('refund', 'must_not_call'), call).verdict).toBe('pass');
  });
});

describe('validateCustomRule', () => {
  it('accepts good rules', () => {
    expect(validateCustomRule(phrase({ phrases: ['recorded'] }))).toBeNull();
    expect(validateCustomRule(phrase({ pattern: 'record(ed|ing)' }))).toBeNull();
    expect(validateCustomRule({ type: 'event', name: 'book_table', mode: 'must_succeed' })).toBeNull();
  });

  it('rejects invalid, oversized or catastrophic patterns and empty rules', () => {
    expect(validateCustomRule(phrase({ pattern: '(unclosed' }))).toMatch(/not a valid regular expression/);
    expect(validateCustomRule(phrase({ pattern: 'a'.repeat(MAX_PATTERN_LENGTH + 1) }))).toMatch(/at most/);
    expect(validateCustomRule(phrase({ pattern: '(a+)+$' }))).toMatch(/exponential/);
    expect(validateCustomRule(phrase({ pattern: '(a|aa)*$' }))).toMatch(/exponential/);
    expect(validateCustomRule(phrase({ pattern: '(this|the) call (is|may be) recorded' }))).toBeNull();
    expect(validateCustomRule(phrase({}))).toMatch(/phrases or a pattern/);
    expect(validateCustomRule(phrase({ phrases: [''] }))).toMatch(/non-empty/);
    expect(validateCustomRule({ type: 'event', name: ' ', mode: 'must_call' })).toMatch(/name/);
  });

  it('never lets a bad rule throw out of scoring', () => {
    const broken = [
      phrase({ pattern: '(unclosed' }),
      phrase({ pattern: '(a+)+$' }),
      { type: 'phrase', speaker: 'robot', mode: 'must_say', within: 'first_turn', phrases: ['x'] },
      { type: 'mystery' },
      null,
    ] as unknown as CustomRule[];
    for (const rule of broken) {
      const result = scoreCustomRule('broken', rule, call);
      expect(result.verdict).toBe('uncertain');
      expect(result.reason).toMatch(/cannot run|could not be applied/);
    }
  });
});
