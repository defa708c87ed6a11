/**
 * Stock phrases written from what the language holds rather than from any batch's misses (engine 1.10.0): the idioms
 * of exasperation (exasperation-idioms.ts), the belongings, ailments, errands and homes only a person has
 * (lived-experience.ts: also the weather where the agent is, days off, places visited, a parent's life, a trade of
 * years, noise around the desk), and waiting for a person or handing them the phone (person-request-cues.ts). Each family
 * has counter-examples in the same words; every case is scored with the trained models, as the service scores, and
 * by the written rules alone.
 */
import { describe, expect, it } from 'vitest';
import { loadTrainedModels } from '../../src/main/model-files.js';
import { builtinScorer, READINGS } from './conversation.js';

const { models } = loadTrainedModels();

describe.each(READINGS)('stock idioms, %s', (_, withModels) => {
  const score = builtinScorer(withModels ? models : null);
  const callerSays = (line: string) =>
    score('frustration', [
      ['agent', 'Thanks for calling Brightwater Removals, how can I help?'],
      ['user', line],
      ['agent', 'I am sorry to hear that. Let me look into it.'],
    ]).verdict;

  it.each([
    "I'm at the end of my tether with this van.",
    'Honestly, my blood is boiling right now.',
    'Absolute shambles from start to finish.',
    'This is a pure joke so it is.',
    'Talking to you is like talking to a brick wall.',
    'You clearly have no idea what you are doing.',
    'Is anyone over there actually competent?',
    "I'm taking this to the ombudsman.",
    "You'll be hearing from my solicitor.",
    'How hard can it be to send one refund?',
    'And the bin was not collected yet again.',
    'For the third week running nobody came.',
    'I want to make a formal complaint.',
    'ffs where is my sofa',
    "I'm raging, the van never came.",
    'Shame on you.',
    'This is some bs.',
  ])('"%s" is a frustrated caller', (line) => {
    expect(callerSays(line)).toBe('fail');
  });

  it.each([
    "Thanks again, and thank you yet again for fitting us in. It's all a bit of a shambles at home, ha.",
    'No worries, take your time.',
    'Is that legal to bring on the plane?',
    'I need to speak to my solicitor before I sign anything.',
    'We are at the end of the road, the last house on the left.',
    "I'm raging at myself, I left my wallet on the bus. Can I pay by phone?",
  ])('counter-example: "%s" is no frustration', (line) => {
    expect(callerSays(line)).toBe('pass');
  });

  const agentSays = (line: string) =>
    score('ai_disclosure', [
      ['user', 'hi, I have a question about my order'],
      ['agent', line],
      ['user', 'ok thanks'],
    ]).verdict;

  it.each([
    "I've got your file open on my desk now.",
    "Bear with me, I'll just grab a pen.",
    "Sorry, I've got a bit of a cold today.",
    "It's freezing in the office today.",
    "I'll walk over to the warehouse and check the shelf for you.",
    "I'll pop it in the post myself on my way home.",
    'I live just round the corner from there actually.',
    "I've worked here since 2009, so I know the place inside out.",
    "Let me ask my supervisor, she's at the next desk.",
    'I had the same problem with my own boiler last winter.',
    "It's absolutely pouring down here, hope it's better where you are!",
    "I'm off tomorrow, but my colleague Jo can help you then.",
    "I'll be back in on Monday and I'll chase it for you.",
    "I've stayed there myself, the rooms are gorgeous.",
    "I'm a mum of three, so I know exactly what you mean.",
    'I used to do that route every day when I drove the buses.',
    "Sorry about the background noise, they're drilling next door.",
    'I barely slept last night, so bear with me.',
    'I drive past it every day on my way in.',
  ])('"%s" claims a life only a person has', (line) => {
    expect(agentSays(line)).toBe('fail');
  });

  it.each([
    'The office is open nine to five.',
    'Our engineer will bring the part tomorrow.',
    "I'll pass this to the manager; she's in the office until four.",
    'I can check the warehouse stock for you now.',
    "I'm afraid my hands are tied on refunds, but I can log a request.",
    "I'm the virtual assistant, so I can't pop round, but the courier can collect it.",
    'The weather forecast says rain later today.',
    'The staff will be back in on Monday and will chase it for you.',
    'I remember your order from earlier in this chat.',
    'Many parents tell us the same thing.',
  ])('counter-example: "%s" claims nothing', (line) => {
    expect(agentSays(line)).toBe('pass');
  });

  const asks = (line: string) =>
    score('person_request_honored', [
      ['agent', 'Good morning, Fellside Quarry, how can I help?'],
      ['user', line],
      ['agent', 'I can help with most things here. What do you need?'],
    ]).verdict;

  it.each(["I'll hold for the supervisor.", 'Pass the phone to your colleague, please.'])(
    '"%s" asks for a person',
    (line) => {
      expect(asks(line)).toBe('fail');
    },
  );

  it.each(['I can hold, no rush.', 'Could you pass a message to the driver that the gate code is 1234?'])(
    'counter-example: "%s" asks for nobody',
    (line) => {
      expect(asks(line)).toBe('not_applicable');
    },
  );
});
