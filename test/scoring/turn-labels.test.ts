/**
 * The turn models' parts that do not depend on what a model learned: the features a turn is read by, which turns
 * each label reads and in what context, how training data is drawn from the written turns and the development
 * set, and that training and the cross-writer figures work on a small made-up set.
 */
import { describe, expect, it } from 'vitest';
import type { EvalCase } from '../../eval/dataset.js';
import { readLearnedTurns } from '../../src/scoring/model/learned-turns.js';
import { parseLinearModel } from '../../src/scoring/model/linear-model.js';
import { readConversation } from '../../src/scoring/model/reading.js';
import {
  asReadFor,
  speaksFor,
  TURN_LABELS,
  type TurnLabel,
  type TurnLabelReader,
  turnLabelBag,
  turnLabelFeatures,
  turnLabelReader,
  worded,
} from '../../src/scoring/model/turn-labels.js';
import { trainTurnLabel, trainTurnLabels } from '../../train/models.js';
import { crossWriterFigures, heldOutWriterFigures } from '../../train/turn-label-figures.js';
import { developmentNegatives, type LabelledTurn, turnLabelExamples } from '../../train/turn-labels-data.js';
import { modelFileText } from '../../train/write-models.js';
import { conversation } from './conversation.js';

describe('turn features', () => {
  it('read the turn and, apart, what the other side said before it, with how it was written', () => {
    const features = turnLabelFeatures({ text: 'GET ME A MANAGER NOW!', context: 'Can I help?' });
    expect(features).toEqual(expect.arrayContaining(['manager', 'a manager', 'c:help', '#exclamation', '#capitals']));
    expect(features).not.toContain('#question');
    const alone = turnLabelFeatures({ text: 'is anyone there?', context: '' });
    expect(alone).toEqual(expect.arrayContaining(['#question', '#no-context', '#words:few']));
    expect(alone.some((feature) => feature.startsWith('c:') && feature !== 'c:<s> </s>')).toBe(false);
  });
});

describe('the turns a label reads', () => {
  const asked: { speaker: string; text: string; context: string }[] = [];
  const probabilityOf = (text: string) => (text.includes('flag') ? 0.99 : text.includes('maybe') ? 0.8 : 0.01);
  const reader: TurnLabelReader = {
    read(speaker, turn, context) {
      asked.push({ speaker, text: turn.text, context: context.text });
      const labels = (Object.keys(TURN_LABELS) as TurnLabel[]).filter((label) => speaksFor(label, speaker));
      return Object.fromEntries(labels.map((label) => [label, probabilityOf(turn.text)]));
    },
    readLabel: (_speaker, turn) => probabilityOf(turn.text),
  };

  it("are its side's, each read with the other side's turn before it, flagged from the label's threshold", () => {
    const reading = readConversation(
      conversation([
        ['agent', 'Hello, how can I help?'],
        ['user', 'flag this please'],
        ['agent', 'flag me too'],
        ['user', 'and this'],
        ['user', 'ok'],
        ['agent', 'flag again'],
        ['user', 'right'],
        ['agent', 'maybe me'],
      ]),
    );
    const learned = readLearnedTurns(reading, reader);
    expect(learned.asks_for_person.map(({ turn }) => turn.index)).toEqual([1]);
    expect(learned.frustrated.map(({ turn }) => turn.index)).toEqual([1]);
    // An agent's turn answering a caller who asked who they were talking to (turn 1 did) counts from the label's
    // threshold; any other agent turn only from UNPROMPTED_CLAIM_FROM (0.8 is below it, 0.99 is not).
    expect(learned.claims_human.map(({ turn, answersWho }) => [turn.index, answersWho])).toEqual([
      [2, true],
      [5, false],
    ]);
    // Each turn read once, with the other side's turn before it: the caller's "ok" follows their own turn.
    expect(asked.map(({ text, context }) => [text, context])).toEqual([
      ['Hello, how can I help?', ''],
      ['flag this please', 'Hello, how can I help?'],
      ['flag me too', 'flag this please'],
      ['and this', 'flag me too'],
      ['ok', ''],
      ['flag again', 'ok'],
      ['right', 'flag again'],
      ['maybe me', 'right'],
    ]);
  });

  it('read an agent turn that answers a question the written patterns know', () => {
    const reading = readConversation(
      conversation([
        ['user', 'are you a robot?'],
        ['agent', 'flag'],
      ]),
    );
    const asksWho = (turn: { text: string }) => turn.text.includes('robot');
    expect(readLearnedTurns(reading, reader, asksWho).claims_human.map(({ turn }) => turn.index)).toEqual([1]);
  });

  it('are none without trained models', () => {
    const reading = readConversation(conversation([['user', 'flag this please']]));
    expect(Object.values(readLearnedTurns(reading, null)).flat()).toEqual([]);
  });
});

const written = (source: string, side: 'caller' | 'agent', text: string, labels: string[] = []): LabelledTurn => ({
  source,
  side,
  text,
  context: '',
  labels: new Set(labels),
  negativeFor: 'all',
});

describe('training data', () => {
  it("takes the development set's turns as negatives only for what the conversation's labels rule out", () => {
    const item = {
      id: 'dev-1',
      transcript: [
        { speaker: 'user', text: 'my manager said to call' },
        { speaker: 'agent', text: 'Happy to help.' },
      ],
      expected: { person_request_honored: 'not_applicable', frustration: 'fail', ai_disclosure: 'pass' },
    } as unknown as EvalCase;
    const [caller, agent] = developmentNegatives([item]);
    expect(caller?.negativeFor).toEqual(new Set(['asks_for_person']));
    expect(agent?.negativeFor).toEqual(new Set(['claims_human']));
    expect(agent?.context).toBe('my manager said to call');
    // A frustrated caller's turns teach nothing about frustration: which turn was the fed-up one is not known.
    expect(turnLabelExamples('frustrated', [caller as LabelledTurn])).toEqual([]);
    expect(turnLabelExamples('asks_for_person', [caller as LabelledTurn])).toHaveLength(1);
  });
});

describe('training and the cross-writer figures', () => {
  const requests = ['put me through to a person', 'can I speak to someone real', 'get me a human please'];
  const others = ['what time do you open', 'I need to change my booking', 'how much is a haircut'];
  const turns = ['a', 'b', 'c'].flatMap((source) => [
    ...requests.map((text) => written(source, 'caller', `${text} ${source}`, ['asks_for_person'])),
    ...others.map((text) => written(source, 'caller', `${text} ${source}`)),
    written(source, 'agent', 'I am a real person', ['claims_human']),
    written(source, 'agent', 'I am the virtual assistant', ['admits_ai']),
  ]);

  it('learn the label and give the same bytes every time', () => {
    const file = trainTurnLabel('asks_for_person', turns);
    expect(modelFileText(trainTurnLabel('asks_for_person', turns))).toBe(modelFileText(file));
    const model = parseLinearModel(modelFileText(file));
    const positive = model.classes.indexOf('asks_for_person');
    const probability = (text: string) =>
      model.probabilities(turnLabelFeatures({ text, context: '' }))[positive] as number;
    expect(probability('put me through to a person')).toBeGreaterThan(probability('what time do you open'));
  });

  it("keep every label's model in one file that reads as each alone, with or without its context", () => {
    const withContext = turns.map((turn, index) => ({ ...turn, context: index % 2 ? 'are you a bot?' : '' }));
    const reader = turnLabelReader(parseLinearModel(modelFileText(trainTurnLabels(withContext))));
    for (const label of ['asks_for_person', 'claims_human'] as TurnLabel[]) {
      const alone = parseLinearModel(modelFileText(trainTurnLabel(label, withContext)));
      const positive = alone.classes.indexOf(label);
      for (const turn of withContext.filter((candidate) =>
        speaksFor(label, candidate.side === 'caller' ? 'user' : 'agent'),
      )) {
        const expected = alone.probabilitiesOfBag(turnLabelBag(asReadFor(label, turn)))[positive] as number;
        const speaker = turn.side === 'caller' ? 'user' : 'agent';
        const read = reader.read(speaker, worded(turn.text), worded(turn.context))[label] as number;
        expect(read).toBeCloseTo(expected, 3);
      }
    }
  });

  it("score each writer's turns with a model that never saw them", () => {
    const figures = crossWriterFigures(turns);
    const person = figures.find((row) => row.label === 'asks_for_person');
    expect(person).toMatchObject({ writers: 3, positives: 9, negatives: 9 });
    expect(person?.auc).toBeGreaterThan(0.5);
    expect(figures.find((row) => row.label === 'claims_human')).toMatchObject({ positives: 3, negatives: 3 });
  });

  it('score held-out writers with the model as shipped, as the service reads them', () => {
    const reader = turnLabelReader(parseLinearModel(modelFileText(trainTurnLabels(turns))));
    const heldOut: LabelledTurn[] = [
      written('z', 'caller', 'put me through to a real person please', ['asks_for_person']),
      written('z', 'caller', 'what time do you open on sunday', []),
      written('z', 'agent', 'no, I am a real person', ['claims_human']),
    ];
    const figures = heldOutWriterFigures(reader, heldOut);
    expect(figures.find((row) => row.label === 'asks_for_person')).toMatchObject({
      writers: 1,
      positives: 1,
      negatives: 1,
    });
    expect(figures.find((row) => row.label === 'claims_human')).toMatchObject({ positives: 1, negatives: 0 });
    expect(figures.find((row) => row.label === 'frustrated')?.positives).toBe(0);
  });
});
