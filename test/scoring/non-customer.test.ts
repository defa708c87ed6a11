/**
 * The non-customer model's review of the real_inquiry rule: when it overturns the rule, how sure it must be, what
 * the reason says, that every check reads the reviewed finding (one reading), and what training reads.
 */
import { describe, expect, it } from 'vitest';
import { loadTrainedModels } from '../../src/main/model-files.js';
import { reviewBag } from '../../src/scoring/model/conversation-review.js';
import type { Finding } from '../../src/scoring/model/finding.js';
import { linearModel } from '../../src/scoring/model/linear-model.js';
import { NON_CUSTOMER_CLASSES, reviewedRealInquiry, reviewedSaysNotMet } from '../../src/scoring/model/non-customer.js';
import { analyseConversation } from '../../src/scoring/model/offline-model.js';
import { readConversation } from '../../src/scoring/model/reading.js';
import { bagFeatures } from '../../src/scoring/model/text-features.js';
import { builtinScorer, conversation, type TurnSpec } from './conversation.js';

const { models } = loadTrainedModels();
const withModels = builtinScorer(models);
const byRules = builtinScorer(null);

/** A recruiter offering staff: no word of it is on the rule's lists of pitches. */
const RECRUITER: TurnSpec[] = [
  ['agent', 'Good morning, Fenwick Joinery, how can I help?'],
  [
    'user',
    "Morning, Tom from Apex Recruitment here, I've got a couple of qualified bench joiners looking for work and wondered if you were hiring.",
  ],
  ['agent', "We're not hiring at the moment, sorry."],
  ['user', 'Fair enough, can I leave my number in case that changes?'],
  ['agent', "I'll pass it on."],
  ['user', 'Thanks, bye.'],
];

/** A customer who opens with a joke the rule takes for a survey call. */
const JOKING_CUSTOMER: TurnSpec[] = [
  ['agent', 'Hi, Rowan Vets, how can I help?'],
  ['user', "Hello, this is a quick survey call, well not really, I'm after booking my dog in for his jabs."],
  ['agent', "Of course, what's his name?"],
  ['user', 'Biscuit.'],
  ['agent', 'I have Tuesday at ten.'],
  ['user', 'Perfect, book it please. Do I need to bring his vaccination card?'],
];

describe('the non-customer model reviewing the rule', () => {
  it('catches a caller the rule took for a customer, and says it was the model and which words weighed', () => {
    expect(byRules('real_inquiry', RECRUITER).verdict).toBe('met');
    const reviewed = withModels('real_inquiry', RECRUITER);
    expect(reviewed.verdict).toBe('not_met');
    expect(reviewed.reason).toMatch(
      /^No customer inquiry, by the model learned from labelled conversations \(probability (?:0\.\d\d|1\.00)\): the words that weighed most were "[^"]+"/,
    );
    expect(reviewed.reason).toContain('the caller opened with turn 2 ("Morning, Tom from Apex Recruitment');
    expect(reviewed.evidence_turns).toEqual([1]);
  });

  it('keeps one reading: the outcome and the request for a person follow the reviewed finding', () => {
    const outcome = withModels('outcome', RECRUITER);
    expect(outcome.choice).toBe('not_real_inquiry');
    expect(outcome.reason).toBe(withModels('real_inquiry', RECRUITER).reason);
    expect(withModels('person_request_honored', RECRUITER).reason).toBe(
      'Not a customer inquiry, so no request for a person applies.',
    );
    const analysis = analyseConversation(conversation(RECRUITER), models);
    expect(analysis.realInquiryByRule().verdict).toBe('met');
    expect(analysis.realInquiry().verdict).toBe('not_met');
  });

  it('reads a salesperson put through to a person as handed over: the request passes and the outcome is escalated', () => {
    const pitch: TurnSpec[] = [
      ['agent', 'Good afternoon, Olive Grove Trattoria, how can I help?'],
      [
        'user',
        'Hi, Luca from Valley Fresh Produce, we can beat your current produce costs by fifteen percent. Could I speak with the owner?',
      ],
    ];
    const refused: TurnSpec[] = [...pitch, ['agent', "I'm sorry, we don't put sales calls through to the owner."]];
    const putThrough: TurnSpec[] = [...pitch, ['agent', "I'll put you through to the owner now, one moment."]];
    const transfer = { type: 'transfer', target: 'owner' };
    expect(withModels('real_inquiry', putThrough).verdict).toBe('not_met');
    // Refused, the pitch is no customer's request left unmet (docs/decisions.md).
    expect(withModels('person_request_honored', refused).verdict).toBe('not_applicable');
    expect(withModels('outcome', refused).choice).toBe('not_real_inquiry');
    // Put through by an event, or on the agent's word as the call ends: one reading in both checks.
    for (const events of [[transfer], []]) {
      expect(withModels('person_request_honored', putThrough, events).verdict).toBe('pass');
      expect(withModels('outcome', putThrough, events).choice).toBe('escalated');
    }
  });

  it('overturns a sign of a pitch only when the whole conversation is plainly a customer’s, and keeps the sign in the reason', () => {
    expect(byRules('real_inquiry', JOKING_CUSTOMER).verdict).toBe('not_met');
    const reviewed = withModels('real_inquiry', JOKING_CUSTOMER);
    expect(reviewed.verdict).toBe('met');
    expect(reviewed.reason).toMatch(
      /^This looks like a robocall or survey, not a customer inquiry: turn 2 \(.*\); but read as a whole it is a customer's, by the model learned from labelled conversations \(probability of no customer 0\.0\d\)/,
    );
    expect(withModels('outcome', JOKING_CUSTOMER).choice).not.toBe('not_real_inquiry');
  });

  it('needs to be fairly sure either way: 0.7 to overturn a customer, under 0.1 to overturn a pitch', () => {
    expect(reviewedSaysNotMet({ verdict: 'met' }, 0.69)).toBe(false);
    expect(reviewedSaysNotMet({ verdict: 'met' }, 0.7)).toBe(true);
    expect(reviewedSaysNotMet({ verdict: 'not_met' }, 0.1)).toBe(true);
    expect(reviewedSaysNotMet({ verdict: 'not_met' }, 0.09)).toBe(false);
    // A finding the rule left uncertain (misheard turns) is for a person, whatever the model says.
    expect(reviewedSaysNotMet({ verdict: 'uncertain' }, 0.99)).toBe(false);
  });

  it('leaves an uncertain finding of the rule as it is, and leaves its own to a person when the opener was misheard', () => {
    const misheard: TurnSpec[] = [
      ['agent', 'Hello, Fenwick Joinery.'],
      ['user', 'This is an automated message about your vehicle warranty, press one.', { asr_confidence: 0.55 }],
      ['agent', 'Sorry, I did not catch that.'],
    ];
    const rule = byRules('real_inquiry', misheard);
    expect(rule.verdict).toBe('uncertain');
    expect(withModels('real_inquiry', misheard)).toMatchObject({ verdict: 'uncertain', reason: rule.reason });
    // A small model of our own that reads "recruitment" in the opener as no customer: sure, but the opener was
    // misheard, so the verdict is left to a person.
    const sure = linearModel({
      format: 'cqm-linear-model/1',
      name: 'non_customer',
      classes: [...NON_CUSTOMER_CLASSES],
      bias: [0, 0],
      features: ['f:recruitment'],
      weights: [-5, 5],
    });
    const heard = (confidence: number) =>
      readConversation(
        conversation(
          RECRUITER.map(
            ([speaker, text], index): TurnSpec =>
              index === 1 ? [speaker, text, { asr_confidence: confidence }] : [speaker, text],
          ),
        ),
      );
    const customer: Finding = { verdict: 'met', score: 0.1, reason: 'A customer.', evidence_turns: [] };
    expect(reviewedRealInquiry(heard(0.95), customer, sure).verdict).toBe('not_met');
    const misheardOpener = reviewedRealInquiry(heard(0.6), customer, sure);
    expect(misheardOpener.verdict).toBe('uncertain');
    expect(misheardOpener.reason).toMatch(/"recruitment".*That turn may have been misheard\.$/);
  });
});

describe('what the non-customer model reads', () => {
  const rule: Finding = { verdict: 'met', score: 0.12, reason: '', evidence_turns: [] };

  it('reads the caller’s first turn apart, every turn under its speaker, the rule’s verdict and score, and the events', () => {
    const scorable = conversation(
      [
        ['agent', 'Hello there'],
        ['user', 'Hi, calling from Apex'],
        ['user', 'Any vacancies?'],
        ['human_agent', 'No'],
      ],
      [{ type: 'transfer', target: 'desk' }],
    );
    const features = bagFeatures(reviewBag(scorable, rule));
    expect(features).toEqual(
      expect.arrayContaining(['a:hello', 'f:calling from', 'u:calling from', 'u:any vacancies', 'a:no']),
    );
    expect(features).not.toContain('f:any');
    expect(features.filter((feature) => feature.startsWith('#'))).toEqual(['#rule_met', '#score_0', '#event_transfer']);
  });
});
