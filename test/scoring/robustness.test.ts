import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ScorableConversation, SPEAKERS } from '../../src/domain/conversation.js';
import { BUILTIN_CHECKS } from '../../src/scoring/builtin-checks.js';
import { scoreCustomRule, validateCustomRule } from '../../src/scoring/custom-rules.js';
import { MAX_READ_CHARACTERS, readConversation } from '../../src/scoring/model/reading.js';
import { scoreConversation } from '../../src/scoring/pipeline.js';

const words = fc.constantFrom(
  'yes',
  'no',
  "don't",
  'transfer',
  'me',
  'human',
  'booked',
  'all set',
  'not',
  'a',
  'bot',
  'wrong number',
  '!!',
  '?',
  'REALLY',
  'thanks',
  '[inaudible]',
  'éé',
  '',
);
const text = fc
  .array(fc.oneof(words, fc.string()), { minLength: 1, maxLength: 12 })
  .map((parts) => parts.join(' ') || '.');
const turn = fc.record(
  {
    speaker: fc.constantFrom(...SPEAKERS),
    text,
    start_ms: fc.nat(100_000),
    end_ms: fc.nat(100_000),
    asr_confidence: fc.double({ min: 0, max: 1, noNaN: true }),
  },
  { requiredKeys: ['speaker', 'text'] },
);
const event = fc.record(
  {
    type: fc.constantFrom('tool_call', 'transfer', 'handoff', 'note'),
    name: fc.constantFrom('book_table', 'schedule_visit', 'lookup', 'Book'),
    status: fc.constantFrom('success', 'failed', 'ok', 'weird', 'TIMEOUT'),
    at_ms: fc.nat(100_000),
  },
  { requiredKeys: ['type'] },
);
const scorable = fc.record({
  channel: fc.constantFrom('voice' as const, 'chat' as const),
  ended_by: fc.constant(null),
  transcript: fc.array(turn, { minLength: 1, maxLength: 12 }),
  events: fc.array(event, { maxLength: 4 }),
  metadata: fc.constant({}),
}) as fc.Arbitrary<ScorableConversation>;

describe('scoring any conversation', () => {
  it('never throws and returns well-formed results', () => {
    fc.assert(
      fc.property(scorable, (conversation) => {
        const { outcome, results } = scoreConversation(conversation, [...BUILTIN_CHECKS]);
        expect(results).toHaveLength(BUILTIN_CHECKS.length);
        expect([null, 'resolved', 'unresolved', 'escalated', 'not_real_inquiry']).toContain(outcome);
        for (const result of results) {
          if (result.score !== null) expect(result.score).toBeGreaterThanOrEqual(0);
          if (result.score !== null) expect(result.score).toBeLessThanOrEqual(1);
          expect(result.reason?.length).toBeGreaterThan(0);
          for (const index of result.evidence_turns) expect(conversation.transcript[index]).toBeDefined();
        }
      }),
      { numRuns: 200 },
    );
  });

  it('never throws on arbitrary custom patterns', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), text, (pattern, said) => {
        const rule = { type: 'phrase', speaker: 'any', mode: 'must_say', pattern, within: 'any_turn' } as const;
        validateCustomRule(rule);
        const result = scoreCustomRule('fuzz', rule, {
          channel: 'chat',
          ended_by: null,
          transcript: [{ speaker: 'user', text: said }],
          events: [],
          metadata: {},
        });
        expect(['pass', 'fail', 'uncertain']).toContain(result.verdict);
      }),
      { numRuns: 300 },
    );
  });
});

describe('reading very long turns', () => {
  it('reads only the first characters of a turn, whoever said it', () => {
    const noise = 'ab.cd-'.repeat(4_000);
    const reading = readConversation({
      channel: 'chat',
      ended_by: null,
      transcript: [
        { speaker: 'user', text: noise },
        { speaker: 'agent', text: noise },
      ],
      events: [],
      metadata: {},
    });
    for (const turn of reading.turns) {
      expect(turn.text).toHaveLength(noise.length);
      const readLength = turn.sentences.reduce((sum, sentence) => sum + sentence.original.length, 0);
      expect(readLength).toBeLessThanOrEqual(MAX_READ_CHARACTERS);
      expect(readLength).toBeGreaterThan(0);
    }
  });
});
