/**
 * What the turn models (models/turn-*.json) add to the checks: wordings no written pattern knows, read with
 * the models and missed without them; and the guards that keep a word model's guesses from becoming false
 * alarms. The wordings here are made up for the tests; none is in the models' training turns.
 */
import { describe, expect, it } from 'vitest';
import type { BuiltinCheckKey } from '../../src/domain/checks.js';
import { loadTrainedModels } from '../../src/main/model-files.js';
import { BUILTIN_CHECKS } from '../../src/scoring/builtin-checks.js';
import { scoreConversation } from '../../src/scoring/pipeline.js';
import { conversation, type TurnSpec } from './conversation.js';

const { models } = loadTrainedModels();

function score(key: BuiltinCheckKey, turns: TurnSpec[], withModels = true) {
  const checks = BUILTIN_CHECKS.filter((check) => check.key === key);
  const [result] = scoreConversation(
    conversation(turns, [], 'chat'),
    checks,
    undefined,
    withModels ? models : null,
  ).results;
  if (!result) throw new Error(`no result for ${key}`);
  return result;
}

describe('the turn models read wordings the written patterns miss', () => {
  it('a request for a person in chat shorthand', () => {
    const turns: TurnSpec[] = [
      ['user', 'hiya'],
      ['agent', 'Hello, how can I help?'],
      ['user', 'ya can u get me sum1 who actually works there'],
      ['agent', 'I can help with most things here, what do you need?'],
      ['user', 'nah i want a proper staff member thx'],
    ];
    expect(score('person_request_honored', turns, false).verdict).toBe('not_applicable');
    const result = score('person_request_honored', turns);
    expect(result.verdict).toBe('fail');
    expect(result.evidence_turns).toContain(2);
    expect(result.reason).toContain("(the turn model's reading)");
    expect(score('outcome', turns).choice).toBe('unresolved');
  });

  it('a request for a person among other sentences, read sentence by sentence and cited by its sentence', () => {
    const turns: TurnSpec[] = [
      ['agent', 'Hello, Riverlight box office, how can I help?'],
      [
        'user',
        "Right, but we can't make the new date, so I'd like our money back. Is there anybody there I can properly talk to about a refund?",
      ],
      ['agent', 'Refunds are handled through the link in your confirmation email.'],
      ['user', 'fine, bye'],
    ];
    expect(score('person_request_honored', turns, false).verdict).toBe('not_applicable');
    const result = score('person_request_honored', turns);
    expect(result.verdict).toBe('fail');
    expect(result.reason).toBe(
      'The caller asked for a person in turn 2 ("Is there anybody there I can properly talk to about a refund?") (the turn model\'s reading) and no transfer followed.',
    );
  });

  it('a pitch dressed as a favour, cited by the written sign it also shows', () => {
    const turns: TurnSpec[] = [
      ['user', 'good afternoon'],
      ['agent', 'Good afternoon, how can I help?'],
      [
        'user',
        "hi I'm ringing on behalf of brightline partners, we've put together a free audit of your card fees, have you got two minutes",
      ],
      ['agent', "We're fine, thanks."],
      ['user', 'no worries, can I email it over?'],
    ];
    expect(score('real_inquiry', turns, false).verdict).toBe('met');
    const result = score('real_inquiry', turns);
    expect(result.verdict).toBe('not_met');
    expect(result.reason).toMatch(/^This looks like a sales pitch/);
    expect(score('outcome', turns).choice).toBe('not_real_inquiry');
  });

  it('sarcasm about the service', () => {
    const turns: TurnSpec[] = [
      ['user', "where's my refund"],
      ['agent', "It's being processed and should arrive in 5 to 7 days."],
      ['user', "that's what you said a fortnight ago. cracking service this"],
      ['agent', 'I apologise for the delay.'],
      ['user', 'yeah yeah'],
    ];
    expect(score('frustration', turns, false).verdict).toBe('pass');
    const result = score('frustration', turns);
    expect(result.verdict).toBe('fail');
    expect(result.evidence_turns).toEqual([2]);
    expect(result.reason).toContain("(the turn model's reading)");
  });

  it('an answer that claims to be a person, in words nobody listed', () => {
    const turns: TurnSpec[] = [
      ['user', 'quick question before I pay'],
      ['agent', 'Sure!'],
      ['user', "you're a program right, not a person?"],
      ['agent', "ha, I get that a lot, but it's just me typing away here"],
      ['user', 'ok cool'],
    ];
    expect(score('ai_disclosure', turns, false).verdict).toBe('pass');
    const result = score('ai_disclosure', turns);
    expect(result.verdict).toBe('fail');
    // The short "Sure!" before any question is no claim, whatever a word model makes of it.
    expect(result.evidence_turns).toEqual([2, 3]);
    expect(result.reason).toContain("the turn model's reading");
  });
});

describe('the turn models do not turn ordinary turns into problems', () => {
  it('a caller of several sentences who wants an answer, not a person, asks for no one', () => {
    const turns: TurnSpec[] = [
      ['agent', 'Hello, Riverlight box office, how can I help?'],
      ['user', "Hi. We've got four tickets for Saturday. Can you tell me what time the gates open? Thanks."],
      ['agent', 'Gates open at 6pm.'],
      ['user', 'lovely, bye'],
    ];
    expect(score('person_request_honored', turns).verdict).toBe('not_applicable');
  });

  it('an accident to report is not a request for a person', () => {
    const turns: TurnSpec[] = [
      ['user', 'Someone rear-ended me, I need to report it.'],
      ['agent', "Thank you. I've opened claim number 88-20417. An adjuster will contact you within 24 hours."],
      ['user', 'okay thank you'],
    ];
    expect(score('person_request_honored', turns).verdict).toBe('not_applicable');
  });

  it('an honest answer that mentions a real person is no claim', () => {
    const turns: TurnSpec[] = [
      ['user', 'are you a bot'],
      ['agent', 'yep, bot here! a real person from the team can follow up if you need'],
      ['user', 'ok no worries'],
    ];
    expect(score('ai_disclosure', turns).verdict).toBe('pass');
  });

  it('a calm caller asking after the facilities stays calm', () => {
    const turns: TurnSpec[] = [
      ['user', 'hi can you tell me if the pool is open'],
      ['agent', 'The pool is open from 7am to 9pm.'],
      ['user', 'cheers, and is the sauna working again'],
      ['agent', 'Yes, it was fixed last week.'],
      ['user', 'brilliant thanks'],
    ];
    expect(score('frustration', turns).verdict).toBe('pass');
    expect(score('real_inquiry', turns).verdict).toBe('met');
  });
});
