import { describe, expect, it } from 'vitest';
import type { CheckDefinition } from '../../src/domain/checks.js';
import { BUILTIN_CHECKS } from '../../src/scoring/builtin-checks.js';
import { needsSecondReview, scoreConversation } from '../../src/scoring/pipeline.js';
import { conversation, scoreBuiltin } from './conversation.js';

const outcomeCheck = BUILTIN_CHECKS.find((check) => check.key === 'outcome') as CheckDefinition;

const customRecordingCheck: CheckDefinition = {
  key: 'recording_disclosure',
  name: 'Recording disclosure',
  description: '',
  kind: 'pass_fail',
  category: 'custom',
  severity: 'high',
  status: 'active',
  version: 3,
  builtin: false,
  rule: {
    type: 'phrase',
    speaker: 'agent',
    mode: 'must_say',
    phrases: ['this call is recorded'],
    within: 'first_turn',
  },
};

const naturalLanguageCheck: CheckDefinition = { ...customRecordingCheck, key: 'empathy', rule: undefined };

const simpleCall = conversation([
  ['agent', 'Hi, this call is recorded. How can I help?'],
  ['user', 'What time do you close today?'],
  ['agent', 'We close at 6 PM today.'],
  ['user', 'Great, thanks!'],
]);

describe('scoreConversation', () => {
  it('gives one result per check it can decide, in order, and skips checks that are neither built-in nor rules', () => {
    const { results } = scoreConversation(simpleCall, [...BUILTIN_CHECKS, naturalLanguageCheck, customRecordingCheck]);
    expect(results.map((result) => result.check_key)).toEqual([
      ...BUILTIN_CHECKS.map((check) => check.key),
      'recording_disclosure',
    ]);
  });

  it('routes built-in checks to the model and rule checks to the rule scorer', () => {
    const { results } = scoreConversation(simpleCall, [...BUILTIN_CHECKS, customRecordingCheck]);
    const byKey = Object.fromEntries(results.map((result) => [result.check_key, result]));
    expect(byKey.frustration?.decided_by).toBe('model');
    expect(byKey.recording_disclosure).toMatchObject({ decided_by: 'rule', verdict: 'pass' });
  });

  it('returns the outcome check choice as the outcome, and null without an outcome check', () => {
    expect(scoreConversation(simpleCall, [outcomeCheck]).outcome).toBe('resolved');
    expect(scoreConversation(simpleCall, [customRecordingCheck]).outcome).toBeNull();
  });

  it('measures latency_ms of every result with the injected clock, rounded to an integer', () => {
    let now = 0;
    const clock = () => {
      now += 1.4;
      return now;
    };
    const { results } = scoreConversation(simpleCall, [...BUILTIN_CHECKS, customRecordingCheck], clock);
    expect(results).toHaveLength(BUILTIN_CHECKS.length + 1);
    for (const result of results) expect(result.latency_ms).toBe(1);
  });

  it('has latency_ms with the default clock too', () => {
    const { results } = scoreConversation(simpleCall, [...BUILTIN_CHECKS]);
    for (const result of results) {
      expect(Number.isInteger(result.latency_ms)).toBe(true);
      expect(result.latency_ms).toBeGreaterThanOrEqual(0);
    }
  });

  it('marks uncertain results for a second review', () => {
    expect(needsSecondReview({ verdict: 'uncertain' })).toBe(true);
    expect(needsSecondReview({ verdict: 'fail' })).toBe(false);
  });
});

describe('outcome', () => {
  it('is escalated by rule when a transfer event happened', () => {
    const result = scoreBuiltin(
      'outcome',
      conversation(
        [
          ['user', 'My bill is wrong.'],
          ['agent', 'Let me get you to billing.'],
        ],
        [{ type: 'transfer', target: 'billing' }],
      ),
    );
    expect(result).toMatchObject({ choice: 'escalated', decided_by: 'rule', verdict: 'pass' });
    expect(result.reason).toContain('billing');
  });

  it('is escalated by rule on a handoff event', () => {
    const result = scoreBuiltin('outcome', conversation([['user', 'help']], [{ type: 'handoff' }]));
    expect(result).toMatchObject({ choice: 'escalated', decided_by: 'rule' });
  });

  it('is escalated by rule when a person was requested and a human agent followed', () => {
    const result = scoreBuiltin(
      'outcome',
      conversation([
        ['user', 'Can I talk to a real person please?'],
        ['agent', 'One moment.'],
        ['human_agent', 'Hi, this is Dana, how can I help?'],
      ]),
    );
    expect(result).toMatchObject({ choice: 'escalated', decided_by: 'rule', evidence_turns: [2] });
  });

  it('is not_real_inquiry when the real-inquiry gate is not met', () => {
    const result = scoreBuiltin(
      'outcome',
      conversation([
        ['agent', 'Cedar Dental, how can I help?'],
        ['user', 'Hi, is this Golden Dragon? I wanted takeout.'],
        ['agent', 'This is Cedar Dental, I think you have the wrong number.'],
        ['user', 'Oh sorry, wrong number!'],
      ]),
    );
    expect(result).toMatchObject({ choice: 'not_real_inquiry', decided_by: 'model', verdict: 'not_applicable' });
  });

  it('is unresolved when the caller asked for a person and did not get one', () => {
    const result = scoreBuiltin(
      'outcome',
      conversation([
        ['user', 'I want to speak to a human.'],
        ['agent', 'I can help you with most questions.'],
        ['user', 'Fine. When are you open?'],
        ['agent', 'We are open from 9 to 5.'],
        ['user', 'Thanks.'],
      ]),
    );
    expect(result).toMatchObject({ choice: 'unresolved', verdict: 'fail', decided_by: 'model' });
  });

  it('is resolved when the task was done and the caller signed off happily', () => {
    const result = scoreBuiltin(
      'outcome',
      conversation(
        [
          ['user', 'Can you move my appointment to Friday?'],
          ['agent', "I've moved your appointment to Friday at 10."],
          ['user', 'Perfect, thank you!'],
        ],
        [{ type: 'tool_call', name: 'reschedule_appointment', status: 'success' }],
      ),
    );
    expect(result).toMatchObject({ choice: 'resolved', verdict: 'pass' });
    expect(result.score).toBeLessThan(0.3);
  });

  it('is unresolved for a polite caller who was never helped', () => {
    const result = scoreBuiltin(
      'outcome',
      conversation([
        ['user', 'Could you tell me if my crown is covered by my insurance?'],
        ['agent', "I'm sorry, I don't have access to insurance coverage details."],
        ['user', 'Oh, okay. Thank you anyway.'],
      ]),
    );
    expect(result).toMatchObject({ choice: 'unresolved', verdict: 'fail' });
  });
});
