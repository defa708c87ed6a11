/**
 * Wrong numbers found in the spent batch eval/fresh-11 (read after its last run): the agent telling the caller they
 * have the wrong kind of business ("I think you may have the wrong kind of scanning. We scan sheep.") or what the
 * business is not ("We're not a taxi firm."); and, from the spent eval/fresh-12, a surveyor turning to a need of
 * their own ("Actually, slightly off script", "Actually, yes. Personally."). Each family has counter-examples;
 * every case is scored with the trained models, as the service scores, and by the written rules alone.
 */
import { describe, expect, it } from 'vitest';
import { loadTrainedModels } from '../../src/main/model-files.js';
import { builtinScorer, READINGS } from './conversation.js';

const { models } = loadTrainedModels();

describe.each(READINGS)('the wrong kind of business, %s', (_, withModels) => {
  const score = builtinScorer(withModels ? models : null);
  const answered = (request: string, answer: string, goodbye: string) =>
    score('real_inquiry', [
      ['agent', 'Good morning, Tregaron Scanning, automated line. How can I help?'],
      ['user', request],
      ['agent', answer],
      ['user', goodbye],
    ]).verdict;

  it.each([
    [
      "I've got forty old slides of my nan's, do you scan them onto a USB?",
      'I think you may have the wrong kind of scanning. We scan sheep, for pregnancy, out on farms.',
      "Oh my god. That's on me. Sorry, bye!",
    ],
    [
      "No, I'm after Dryden's Taxis, I need picking up from the Fox and Hounds.",
      "I'm afraid this is Vale Grain Drying. We're not a taxi firm.",
      'Right, I will ask the barman. Ta-ra.',
    ],
  ])('"%s" answered "%s" is no customer inquiry', (request, answer, goodbye) => {
    expect(answered(request, answer, goodbye)).toBe('not_met');
  });

  it.each([
    [
      'Can you scan my ewes next week? About two hundred.',
      "We're not a big firm, but we can do Tuesday for two hundred ewes.",
      'Tuesday is grand, thanks.',
    ],
    [
      'Do you do the ultrasound for goats as well?',
      "We do. You haven't got the wrong kind of scanner for goats, it's the same one.",
      'Lovely, book me in then.',
    ],
    [
      "Hi, I'm Kerry from Coastline Insights, we're doing a short survey of operators. Actually, slightly off script, do you take twelve-year-olds?",
      'Happy to help with that: the Junior Freediver course is for ages twelve to fifteen.',
      'Oh, perfect, thank you.',
    ],
    [
      'Hi, Dana from Westcoast Opinion Research, a short survey on commuting. Ha, okay. Actually, yes. Personally. My card got charged twice yesterday.',
      'I can see two taps at 8:14 yesterday, both charged; I have refunded the second.',
      'Oh, lovely, thanks.',
    ],
  ])('counter-example: "%s" answered "%s" is a customer', (request, answer, goodbye) => {
    expect(answered(request, answer, goodbye)).toBe('met');
  });
});
