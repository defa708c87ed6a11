/**
 * The frustrated-caller model's review of the frustration rule: it clears a caller or, more rarely, fails one the
 * signs passed, only when sure, says so in the reason, and leaves the score (what avg_frustration averages) as the
 * rule made it.
 */
import { describe, expect, it } from 'vitest';
import { loadTrainedModels } from '../../src/main/model-files.js';
import { reviewedSaysFrustrated } from '../../src/scoring/model/frustrated-caller.js';
import { analyseConversation } from '../../src/scoring/model/offline-model.js';
import { builtinScorer, conversation, type TurnSpec } from './conversation.js';

const { models } = loadTrainedModels();
const withModels = builtinScorer(models);

/** A worried owner: "nobody has called yet" and "sitting by the phone all morning" read as signs, but it is worry. */
const WORRIED: TurnSpec[] = [
  ['agent', 'Hello, Riverside Vets, how can I help?'],
  ['user', 'Hi, my dog had his operation this morning and nobody has called yet, I am just really worried about him.'],
  ['agent', 'I understand. He came out of surgery at eleven and is resting; the vet will call you at three.'],
  ['user', 'Oh thank goodness. Sorry, I have been sitting by the phone all morning.'],
  ['agent', 'That is completely understandable. He is doing well.'],
  ['user', 'Thank you, that means a lot.'],
];

describe('the frustrated-caller model reviewing the frustration rule', () => {
  it('clears a caller the signs took for frustrated, keeps the sign in the reason, and names the model', () => {
    const analysis = analyseConversation(conversation(WORRIED), models);
    const rule = analysis.frustrationByRule();
    expect(rule.verdict).toBe('fail');
    const reviewed = withModels('frustration', WORRIED);
    expect(reviewed.verdict).toBe('pass');
    expect(reviewed.reason).toMatch(
      /^The caller sounded frustrated in turn 2 \("Hi, my dog had his operation this morning and nobody has called yet,…"\) and turn 4 \("Sorry, I have been sitting by the phone all morning\."\); but read as a whole the caller was not frustrated with the service, by the model learned from labelled conversations \(probability of frustration 0\.\d\d\): the words that weighed most were "[^"]+"/,
    );
    // The score is still the probability of frustration or dissatisfaction at some point, as the rule made it.
    expect(reviewed.score).toBe(rule.score);
    expect(reviewed.evidence_turns).toEqual(rule.evidence_turns);
  });

  it('fails a caller the rule passed only when 0.95 sure, and clears a failed one only when 0.9 sure and the rule is not', () => {
    expect(reviewedSaysFrustrated({ verdict: 'pass', score: 0.3 }, 0.95)).toBe(true);
    expect(reviewedSaysFrustrated({ verdict: 'pass', score: 0.3 }, 0.94)).toBe(false);
    expect(reviewedSaysFrustrated({ verdict: 'fail', score: 0.8 }, 0.11)).toBe(true);
    expect(reviewedSaysFrustrated({ verdict: 'fail', score: 0.8 }, 0.1)).toBe(false);
    expect(reviewedSaysFrustrated({ verdict: 'uncertain', score: 0.5 }, 0.99)).toBe(false);
    // A rule near certain of an outburst stands, however sure the model is of a calm caller.
    expect(reviewedSaysFrustrated({ verdict: 'fail', score: 0.875 }, 0.01)).toBe(true);
    expect(reviewedSaysFrustrated({ verdict: 'fail', score: 0.87 }, 0.01)).toBe(false);
  });

  it('fails a quietly fed-up caller no written sign caught, and leads the reason with what decided', () => {
    // Annoyance in plain words: the same question asked twice, a promise broken before, an afternoon lost.
    const quiet: TurnSpec[] = [
      ['agent', 'Good morning, Harbour Lane Upholstery, how can I help?'],
      [
        'user',
        'Morning. I rang on Tuesday about the sofa you collected, I was told someone would phone me back the same day.',
      ],
      ['agent', 'I can see the sofa is in the workshop. Is there anything else I can help with?'],
      ['user', 'I know it is in the workshop. I asked when it will be ready. That was the question last time as well.'],
      ['agent', 'The workshop will confirm a date once the fabric arrives.'],
      ['user', 'Right. So nobody knows. I took the afternoon off for the last promised date, too.'],
      ['agent', 'I am sorry about that. I will note that you called.'],
      ['user', 'You do that.'],
    ];
    const rule = analyseConversation(conversation(quiet), models).frustrationByRule();
    expect(rule.verdict).toBe('pass');
    const reviewed = withModels('frustration', quiet);
    expect(reviewed.verdict).toBe('fail');
    expect(reviewed.reason).toMatch(
      /^Read as a whole the caller was frustrated with the service, by the model learned from labelled conversations \(probability (?:0\.9[5-9]|1\.00)\): the words that weighed most were "[^"]+"/,
    );
    expect(reviewed.reason).toContain('The written signs alone did not reach it (the caller stayed calm');
    expect(reviewed.score).toBe(rule.score);
    // The turns whose words weighed are cited.
    expect(reviewed.evidence_turns.length).toBeGreaterThan(0);

    // The same business, a content caller with some of the same words: still a pass.
    const content: TurnSpec[] = [
      ['agent', 'Good morning, Harbour Lane Upholstery, how can I help?'],
      ['user', 'Morning! I am calling about the sofa you collected last week, just wondering when it might be ready.'],
      ['agent', 'The workshop will confirm a date once the fabric arrives, usually within ten days.'],
      ['user', 'Oh lovely, no rush at all. I took the week off anyway so I am around.'],
      ['agent', 'Great, I will note that you called and they will ring you with the date.'],
      ['user', 'Perfect, thank you so much.'],
    ];
    expect(withModels('frustration', content).verdict).toBe('pass');
  });

  it('leaves a clearly angry customer failed', () => {
    const angry: TurnSpec[] = [
      ['agent', 'Hello, how can I help?'],
      ['user', "This is ridiculous, I've been charged AGAIN for a cooler I cancelled in August. I'm fed up!"],
      ['agent', "I'm sorry about that."],
    ];
    expect(withModels('frustration', angry).verdict).toBe('fail');
  });

  it('leaves the verdict the rule left uncertain to a person', () => {
    const misheard: TurnSpec[] = [
      ['agent', 'Hello, how can I help?'],
      ['user', 'this is absolutely useless, I want my money back', { asr_confidence: 0.5 }],
      ['agent', 'Sorry, could you repeat that?'],
    ];
    const rule = analyseConversation(conversation(misheard), models).frustrationByRule();
    expect(rule.verdict).toBe('uncertain');
    expect(withModels('frustration', misheard)).toMatchObject({ verdict: 'uncertain', reason: rule.reason });
  });
});
