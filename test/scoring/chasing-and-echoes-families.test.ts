/**
 * Families of fed-up wording found in the spent batches eval/fresh-9 to eval/fresh-12 (read after their last runs):
 * a warning ("It'd better."), a job that should have been right the first time, chasing the service, an ultimatum
 * ("or do I have to come down there?"), being affronted ("I'm not daft"), a judgement of what the caller names ("24
 * hours to say yes or no is ridiculous"), "is that too much to ask", "not impressed", "daylight robbery", "taking the
 * mick", doubt that anything will come of it, "not at all acceptable", "kinda over it", reproach for what came late
 * ("would've been nice to hear that 5 weeks ago"), overcharging, the service called useless, "my favourite word",
 * the upside-down smile in a turn that speaks to the service, and praise after being left with nothing or after the
 * agent's own words thrown back ("Someone will be in touch. Oh, marvellous."). Each family has counter-examples;
 * every case is scored with the trained models, as the service scores, and by the written rules alone.
 */
import { describe, expect, it } from 'vitest';
import { loadTrainedModels } from '../../src/main/model-files.js';
import { builtinScorer, READINGS } from './conversation.js';

const { models } = loadTrainedModels();

describe.each(READINGS)('chasing, warnings and echoes, %s', (_, withModels) => {
  const score = builtinScorer(withModels ? models : null);
  const replied = (line: string) =>
    score('frustration', [
      ['agent', 'Hello, Kielder Timber Haulage, how can I help?'],
      ['user', 'It is about the gatepost your wagon knocked down this morning.'],
      ['agent', "Thank you. I've logged a damage report and someone will be in touch to arrange the repair."],
      ['user', line],
      ['agent', 'I understand. Is there anything else?'],
      ['user', 'No.'],
    ]).verdict;

  it.each([
    'It had better. And they can bring a mason with them.',
    "He'd better.",
    'This should have been sorted the first time, you know.',
    "Someone will be in touch. Oh, marvellous. I've been chasing three weeks.",
    'So are you going to put me through to the manager, or do I have to come down there?',
    "I'm not daft, I saw the name on the door.",
    '24 hours to say yes or no is ridiculous honestly.',
    'Can I get a call today or is that too much to ask?',
    'Not impressed tbh.',
    'Two nine? Last year it was two thousand. Daylight robbery. Fine, book it.',
    "Honestly, that's taking the mick.",
    "I'll believe it when I see it.",
    "Pass it on, then. Not that it'll make any difference.",
    'The repair should have come yesterday. This is not at all acceptable.',
    'second time this month lol, kinda over it tbh',
    'So a gatepost for nothing and no one to talk to. Brilliant. Absolutely brilliant.',
    "you've charged me again. very zen. very calming. thanks 🙃",
    "yes. thank you. would've been nice to hear that 5 weeks ago but ok",
    'Last year you sent chicken when I ordered goat. So please get it right this time.',
    'also last month ur driver charged me 600 for the same thing. overcharging.',
    'Your prepaid is useless if drivers are doing this openly!',
    "Oh wonderful, pending. My favourite word. Can't wait.",
  ])('"%s" is fed up', (line) => {
    expect(replied(line)).toBe('fail');
  });

  it.each([
    "Right, I'd better go and move the car then. Thanks.",
    "Lovely, that's all I needed. I've been chasing the kids all morning so I'll keep it short.",
    "Every year we get the logs from you and they're always lovely.",
    'Someone will be in touch? Lovely, thank you.',
    "I'm not sure of the registration, sorry.",
    "Ha, the gatepost was ridiculously old anyway, it's no bother.",
    'The driver was impressed with the new gate, ha. No bother.',
    "Two thousand? That's a bargain, book it.",
    "Ha, I'll believe anything you say, you've been brilliant.",
    'Brilliant. Absolutely brilliant, thank you.',
    'I locked myself out again 🙃 so could the driver ring first?',
    'It would have been nice to see the river, but the gate matters more. Thanks.',
    'Saturday is my favourite day for a delivery, thanks.',
    "Your app is not useless, it's my old phone, ha. Thanks.",
  ])('counter-example: "%s" is calm', (line) => {
    expect(replied(line)).toBe('pass');
  });
});
