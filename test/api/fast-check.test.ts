/**
 * The compiled fast path for conversation bodies may be stricter than the zod schema (the body then simply
 * goes to zod), never looser: whatever it accepts, zod must accept with the same values. Checked on
 * realistic bodies, on every refinement JSON Schema cannot express, and on generated near-valid bodies.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyFactory, conversationTemplate } from '../../bench/conversation.js';
import { compileFastCheck } from '../../src/api/fast-check.js';
import { conversationRefinementsHold, conversationRequestSchema } from '../../src/api/schemas/conversation.js';
import { conversationBody } from '../harness/fixtures.js';

const fastCheck = compileFastCheck(conversationRequestSchema, conversationRefinementsHold);
const zodAccepts = (body: unknown) => conversationRequestSchema.safeParse(body).success;

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { inner: value };
  return value;
}

describe('fast check of conversation bodies', () => {
  it('accepts the common valid bodies, so the fast path is actually taken', () => {
    const benchBody = JSON.parse(bodyFactory(conversationTemplate())('call-1'));
    // zod counts lengths in code points, as the fast check must: 20,000 emoji are 40,000 UTF-16 units.
    const longestText = conversationBody({ transcript: [{ speaker: 'user', text: '😀'.repeat(20_000) }] });
    for (const body of [
      longestText,
      conversationBody(),
      benchBody,
      { external_id: 'x', channel: 'chat', transcript: [{ speaker: 'user', text: 'hi' }] },
    ]) {
      expect(fastCheck(body)).toBe(true);
      expect(zodAccepts(body)).toBe(true);
    }
  });

  it.each([
    ['a NUL in external_id', { external_id: 'a\u0000b' }],
    ['a NUL in agent.name', { agent: { id: 'a', name: 'x\u0000' } }],
    ['a NUL in agent.version', { agent: { id: 'a', version: '\u0000' } }],
    ['a NUL in group.name', { group: { id: 'g', name: '\u0000' } }],
    ['an event nested too deep', { events: [{ type: 'tool_call', args: nested(70) }] }],
    ['metadata nested too deep', { metadata: { deep: nested(70) } }],
    ['metadata over 64 KiB', { metadata: { blob: 'x'.repeat(70_000) } }],
    ['a voice call ended by timeout', { channel: 'voice', ended_by: 'timeout' }],
    ['an impossible date', { ended_at: '2026-02-29T10:00:00Z' }],
    ['a date without offset', { started_at: '2026-11-18T10:00:00' }],
    ['text over the limit in code points', { transcript: [{ speaker: 'user', text: '😀'.repeat(20_001) }] }],
    ['a fractional start_ms', { transcript: [{ speaker: 'user', text: 'hi', start_ms: 1.5 }] }],
    ['an unsafe integer', { transcript: [{ speaker: 'user', text: 'hi', end_ms: 2 ** 60 }] }],
    ['an agent id off its pattern', { agent: { id: '-x' } }],
    ['an agent id with a newline at the end', { agent: { id: 'abc\n' } }],
    ['metadata that is an array', { metadata: [1, 2] }],
    ['a null where a string may be omitted', { started_at: null }],
  ])('leaves %s to zod, which refuses it', (_label, overrides) => {
    const body = conversationBody(overrides);
    expect(fastCheck(body)).toBe(false);
    expect(zodAccepts(body)).toBe(false);
  });

  it('never accepts what zod refuses, on generated near-valid bodies', () => {
    // Mostly valid values with a wild one now and then, so both sides of the fast check are reached.
    const usually = <T>(valid: fc.Arbitrary<T>, wild: fc.Arbitrary<unknown>) =>
      fc.oneof({ arbitrary: valid, weight: 8 }, { arbitrary: wild, weight: 1 });
    const wildText = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.constantFrom('', '\u0000', 'x'.repeat(20_001), '😀'.repeat(10_000), '😀'.repeat(10_001), '\uD800', 'a\n'),
    );
    const wildNumber = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom(-1, 0.5, 1.0000001, 2 ** 53, -(2 ** 53), 1e300),
    );
    const wild = fc.oneof(wildText, wildNumber, fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({}));
    const text = usually(fc.string({ minLength: 1, maxLength: 20 }), wildText);
    const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
    const id = usually(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,5}$/), wildText);
    const date = usually(
      fc.constantFrom('2026-11-18T14:00:00Z', '2026-11-18T14:00:00.123+05:30', '2024-02-29T00:00:00-01:00'),
      fc.constantFrom('2026-02-29T00:00:00Z', '2026-11-18T24:00:00Z', '2026-11-18T14:00:00+24:00', '2026-11-18'),
    );
    const turn = fc.record({
      speaker: usually(fc.constantFrom('agent', 'user', 'human_agent'), wildText),
      text,
      start_ms: optional(usually(fc.nat(), wildNumber)),
      end_ms: optional(usually(fc.nat(), wildNumber)),
      asr_confidence: optional(usually(fc.double({ min: 0, max: 1, noNaN: true }), wildNumber)),
      extra: optional(wild),
    });
    const event = fc.record({
      type: text,
      name: optional(text),
      status: optional(text),
      at_ms: optional(usually(fc.integer(), wildNumber)),
      args: optional(fc.oneof(wild, fc.constant(nested(63)), fc.constant(nested(64)))),
    });
    const body = fc.record({
      external_id: usually(fc.string({ minLength: 1, maxLength: 20 }), wild),
      channel: usually(fc.constantFrom('voice', 'chat'), wild),
      started_at: optional(date),
      ended_at: optional(date),
      ended_by: optional(fc.constantFrom('agent', 'caller', 'user', 'human_agent', 'timeout', 'system', 'x')),
      agent: optional(fc.record({ id: optional(id), name: optional(text), version: optional(text) })),
      group: optional(usually(fc.record({ id, name: optional(text) }), wild)),
      transcript: usually(fc.array(turn, { minLength: 1, maxLength: 3 }), fc.oneof(wild, fc.constant([]))),
      events: optional(usually(fc.array(event, { maxLength: 3 }), wild)),
      metadata: optional(usually(fc.dictionary(fc.string({ maxLength: 5 }), wild, { maxKeys: 3 }), wild)),
    });
    let accepted = 0;
    fc.assert(
      fc.property(body, (candidate) => {
        // Through JSON, as a request body arrives: undefined keys vanish, -0 becomes 0.
        const parsed = JSON.parse(JSON.stringify(candidate));
        if (!fastCheck(parsed)) return true;
        accepted++;
        return zodAccepts(parsed);
      }),
      { seed: 20_261_122, numRuns: 3_000 },
    );
    // The generator must reach the accepting side often, or the property above says little.
    expect(accepted).toBeGreaterThan(200);
  });
});
