/**
 * One reading of a conversation (issue 16): person_request_honored, outcome and their reasons agree about what
 * happened, every reason names what decided it, and a callback or a message left is no booking. Each case is
 * scored with the trained models, as the service scores, and by the written rules alone.
 */
import { describe, expect, it } from 'vitest';
import { loadDataset, toConversation } from '../../eval/dataset.js';
import type { BuiltinCheckKey, CheckResultDraft } from '../../src/domain/checks.js';
import type { ScorableConversation } from '../../src/domain/conversation.js';
import { loadTrainedModels } from '../../src/main/model-files.js';
import { BUILTIN_CHECKS } from '../../src/scoring/builtin-checks.js';
import { scoreConversation } from '../../src/scoring/pipeline.js';
import { conversation, READINGS } from './conversation.js';

const { models } = loadTrainedModels();

function scoreAll(scorable: ScorableConversation, withModels: boolean): Map<BuiltinCheckKey, CheckResultDraft> {
  const { results } = scoreConversation(scorable, [...BUILTIN_CHECKS], undefined, withModels ? models : null);
  return new Map(results.map((result) => [result.check_key as BuiltinCheckKey, result]));
}

describe.each(READINGS)('one reading, %s', (_, withModels) => {
  it('the issue\'s case: "let me connect you with a representative" and no transfer event is a handover in both checks', () => {
    const results = scoreAll(
      conversation([
        ['agent', 'Thanks for calling Lumen Ridge Fiber, how can I help?'],
        ['user', 'representative please'],
        ['agent', 'Sure, let me connect you with a representative.'],
      ]),
      withModels,
    );
    const person = results.get('person_request_honored');
    const outcome = results.get('outcome');
    expect(person?.verdict).toBe('pass');
    expect(outcome?.choice).toBe('escalated');
    // The outcome names the request and the turn that decided it, as person_request_honored does.
    expect(outcome?.reason).toMatch(/asked for a person in turn 2/);
    expect(outcome?.reason).toMatch(/turn 3/);
    expect(outcome?.evidence_turns).toEqual(person?.evidence_turns);
  });

  it('its kind: a transfer promised and then taken back is unresolved in both checks, for the same reason', () => {
    const results = scoreAll(
      conversation([
        ['user', 'I need to talk to a manager about my bill'],
        ['agent', "I'm transferring you to a manager now."],
        ['agent', "I'm sorry, no one is available to take your call right now."],
      ]),
      withModels,
    );
    expect(results.get('person_request_honored')?.verdict).toBe('fail');
    expect(results.get('outcome')?.choice).toBe('unresolved');
    expect(results.get('outcome')?.reason).toContain('no transfer followed');
  });

  it('a callback scheduled from a manager is not a booking, with or without a tool call', () => {
    const turns = conversation([
      ['user', 'Your technician never came. Can I speak to a manager?'],
      ['agent', 'I am sorry. I have scheduled a call back from a manager for this afternoon between 2 and 4.'],
      ['user', 'fine'],
    ]);
    for (const events of [[], [{ type: 'tool_call', name: 'schedule_callback', status: 'success' }]]) {
      const results = scoreAll({ ...turns, events }, withModels);
      expect(results.get('booking_confirmation_accurate')?.verdict).toBe('not_applicable');
      expect(results.get('person_request_honored')?.verdict).toBe('fail');
      expect(results.get('outcome')?.choice).toBe('unresolved');
    }
  });

  it('a message left for someone is not a booking either', () => {
    const results = scoreAll(
      conversation([
        ['user', 'I want a quote on rekeying eight doors.'],
        ['agent', "I've left a message for the owner, Dale; he does the quotes and will call you back tomorrow."],
      ]),
      withModels,
    );
    expect(results.get('booking_confirmation_accurate')?.verdict).toBe('not_applicable');
    expect(results.get('outcome')?.choice).toBe('unresolved');
  });

  it('a booking next to a callback is still a booking', () => {
    const results = scoreAll(
      conversation([
        ['user', 'Can I book a cleaning on Friday?'],
        ['agent', "I've booked your appointment for Friday at 9, and the hygienist will call you the day before."],
      ]),
      withModels,
    );
    expect(results.get('booking_confirmation_accurate')?.verdict).toBe('fail');
  });
});

describe('every reason names what decided it, and the checks agree (development set, with the trained models)', () => {
  const cases = loadDataset(new URL('../../eval/data', import.meta.url).pathname);

  it('no bare "Resolved." or "Unresolved.", and person_request_honored never contradicts outcome', () => {
    const contradictions: string[] = [];
    for (const item of cases) {
      const results = scoreAll(toConversation(item), true);
      for (const result of results.values()) {
        expect(result.reason, `${item.id} ${result.check_key}`).not.toMatch(/^(?:Resolved|Unresolved|Escalated)\.?$/);
        expect((result.reason ?? '').split(' ').length, `${item.id} ${result.check_key}`).toBeGreaterThan(3);
      }
      const person = results.get('person_request_honored')?.verdict;
      const outcome = results.get('outcome');
      if (person === 'pass' && outcome?.choice !== 'escalated')
        contradictions.push(`${item.id}: handed over but ${outcome?.choice}`);
      if (person === 'fail' && outcome?.choice === 'resolved')
        contradictions.push(`${item.id}: person refused but resolved`);
    }
    expect(contradictions).toEqual([]);
  });
});
