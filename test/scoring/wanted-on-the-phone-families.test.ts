/**
 * Families of requests for a person found in the spent batches (read after their last runs): someone wanted on the
 * phone ("I want the man in charge on the phone. Today."), a person asked to do the work ("can a person have a
 * proper look at my account?"), a call asked for from someone of theirs ("can one of your support engineers call
 * me?"), a qualified person ("an actual certification officer", "show a real person"), a name with respect after it
 * ("Is Lakshmi madam available?"); a person word alone as a question ("real human?") asks whether the agent is one,
 * unless the agent has just said it is automated; and words ending as jobs do that name callers or things ("is the
 * toddler class free?", "is the trailer free Saturday?"). Each family has counter-examples; every case is scored
 * with the trained models, as the service scores, and by the written rules alone.
 */
import { describe, expect, it } from 'vitest';
import { loadTrainedModels } from '../../src/main/model-files.js';
import { builtinScorer, READINGS } from './conversation.js';

const { models } = loadTrainedModels();

describe.each(READINGS)('wanted on the phone, %s', (_, withModels) => {
  const score = builtinScorer(withModels ? models : null);
  const asked = (request: string, greeting = 'Hello, Coed Harvesting, how can I help?') =>
    score('person_request_honored', [
      ['agent', greeting],
      ['user', request],
      ['agent', "I understand. I've noted that for the team."],
      ['user', 'right'],
    ]).verdict;

  it.each([
    "I don't want it logged, I want the man in charge on the phone. Today.",
    'I need your site manager on the line now.',
    'Okay, can a person have a proper look at my account then and just tell me yes or no?',
    'Could a real human check this please?',
    'real human please',
    'ok. can one of your support engineers call me? need to know if this is going to last all day',
    "HSA-2291. and please don't tell me it's in the queue. i want an actual certification officer today",
    'Is Lakshmi madam available? I always do the schedule with her.',
    'its been about a week. would be easier to show a real person the pics tbh',
  ])('"%s" asks for a person (none came: fail)', (request) => {
    expect(asked(request)).toBe('fail');
  });

  it('"human?" after the agent said it is automated asks for one', () => {
    expect(asked('human?', "I'm the automated assistant for Coed Harvesting. How can I help?")).toBe('fail');
  });

  it.each([
    'I need the number on the phone bill, the one you sent.',
    'Is the toddler session free on Saturday?',
    'Is the trailer free Saturday?',
    'Are the beginners welcome on Tuesdays?',
    'Can a person my age join the class?',
    'real human?',
    "Can the plumber call me when he's on his way?",
    'I want people who get comp setting, are you any good?',
    'I want a proper person to take it down and do it right.',
    'I want a real steel helmet for him, not plastic.',
  ])('counter-example: "%s" asks for no one', (request) => {
    expect(asked(request)).toBe('not_applicable');
  });
});
