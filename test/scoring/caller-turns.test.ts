import { describe, expect, it } from 'vitest';
import { readSentences, readTurnsWithSentiment } from '../../src/scoring/model/nlp.js';

const eachAlone = (turns: readonly string[]) => turns.map((turn) => readSentences(turn, { sentiment: true }));

describe("reading a conversation's caller turns in one wink document", () => {
  it('reads each turn exactly as alone, whether or not it ends with an end mark', () => {
    const turns = [
      'Hi, can you tell me when my next appointment is? I lost the reminder.',
      'yes',
      'no thanks',
      'I hate this. Awful',
      "It's May 3rd, 1991.",
      'see you at 3 p.m.',
      'thanks Mr.',
      'I said NO!! 😒',
      '...',
      '?',
      'ok',
    ];
    expect(readTurnsWithSentiment(turns)).toEqual(eachAlone(turns));
  });

  it('reads turns with line breaks, tabs or surrounding spaces alone, and the rest together', () => {
    const turns = ['fine\n\nthanks', ' padded ', 'a\tb', '', 'yes please', 'line one\r\nline two', 'great.'];
    expect(readTurnsWithSentiment(turns)).toEqual(eachAlone(turns));
  });

  it('reads a transcript of long turns in several documents, with the same result', () => {
    const sentence = 'Well, I called last week about the refund and nobody got back to me. It is really frustrating! ';
    const turns = Array.from(
      { length: 12 },
      (_, i) =>
        `${sentence
          .repeat(40)
          .slice(0, 2_500 + i * 300)
          .trim()} ${i}`,
    );
    expect(readTurnsWithSentiment(turns)).toEqual(eachAlone(turns));
  });

  it('keeps the sentiment of each sentence', () => {
    const [first, second] = readTurnsWithSentiment(['This is awful, I hate it', 'Thank you so much, that is great.']);
    expect(first?.[0]?.sentiment).toBeLessThan(-0.4);
    expect(second?.[0]?.sentiment).toBeGreaterThan(0.4);
  });
});
