import { describe, expect, it } from 'vitest';
import { readPlain, readSentences } from '../../src/scoring/model/nlp.js';

const texts = (text: string) => readPlain(text).map((sentence) => sentence.text);

describe('reading a turn without wink', () => {
  it('expands contractions as wink does, and tells "it\'s" from a possessive', () => {
    expect(texts("You're all set. Let's see, it's Dana's calendar and I can't, won't, I'm sure.")).toEqual([
      'you are all set .',
      "let us see , it is dana 's calendar and i can not , will not , i am sure .",
    ]);
  });

  it('keeps times, prices, abbreviations and addresses whole, and ends sentences after their last mark', () => {
    expect(texts('Dr. Lee has 9:00 a.m. on 3/14 for $89.95, email bob@x.com. Really?! Gate B14... okay.')).toEqual([
      'dr. lee has 9:00 a.m. on 3/14 for $ 89.95 , email bob@x.com .',
      'really ? !',
      'gate b14 ... okay .',
    ]);
  });

  it('ends a sentence at "a.m." or "p.m." when a capital follows, not before a lower-case word', () => {
    expect(texts("That's booked for eight a.m. A technician will call first. Open 9 p.m. till late.")).toEqual([
      'that is booked for eight a.m.',
      'a technician will call first .',
      'open 9 p.m. till late .',
    ]);
  });

  it('takes spelling normals from wink ("through" reads "thru", "colour" reads "color")', () => {
    expect(texts('It went through in your favourite colour.')).toEqual(['it went thru in your favorite color .']);
  });

  it('reads the same words as wink on an ordinary agent turn, with the original text of each sentence', () => {
    const turn = "Thanks, Priya. I've moved you to Thursday at three, and you'll get a text shortly.";
    const plain = readPlain(turn);
    const wink = readSentences(turn, { sentiment: false });
    expect(plain.map((sentence) => sentence.text)).toEqual(wink.map((sentence) => sentence.text));
    expect(plain.map((sentence) => sentence.original)).toEqual([
      'Thanks, Priya.',
      turn.slice('Thanks, Priya. '.length),
    ]);
  });

  it('reads a word that names a property of every JavaScript object as a word, with wink and without', () => {
    const turn = 'The constructor said the valueOf and toString are fine.';
    const expected = ['the constructor said the valueof and tostring are fine .'];
    expect(texts(turn)).toEqual(expected);
    expect(readSentences(turn, { sentiment: true }).map((sentence) => sentence.text)).toEqual(expected);
  });

  it('marks a short negation scope', () => {
    const [sentence] = readPlain("I don't have that slot, but I can book Friday.");
    const negatedWords = sentence?.text.split(' ').filter((_, index) => sentence.negated[index]);
    expect(negatedWords).toEqual(['have', 'that', 'slot']);
  });
});
