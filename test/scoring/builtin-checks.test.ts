import { describe, expect, it } from 'vitest';
import { BUILTIN_CHECK_KEYS } from '../../src/domain/checks.js';
import { BUILTIN_CHECKS, bookingChecksApply } from '../../src/scoring/builtin-checks.js';

describe('built-in check catalogue', () => {
  it('defines every built-in key once, active at version 1', () => {
    expect(BUILTIN_CHECKS.map((check) => check.key).sort()).toEqual([...BUILTIN_CHECK_KEYS].sort());
    for (const check of BUILTIN_CHECKS) {
      expect(check).toMatchObject({ builtin: true, version: 1, status: 'active' });
      expect(check.rule).toBeUndefined();
    }
  });

  it('gives each check the kind, category and severity of the design', () => {
    const byKey = Object.fromEntries(BUILTIN_CHECKS.map((check) => [check.key, check]));
    expect(byKey.outcome).toMatchObject({ kind: 'multiple_choice', category: 'outcome' });
    expect(byKey.outcome?.options).toEqual(['resolved', 'unresolved', 'escalated', 'not_real_inquiry']);
    expect(byKey.real_inquiry).toMatchObject({ kind: 'gating' });
    expect(byKey.person_request_honored).toMatchObject({ kind: 'pass_fail', category: 'escalation' });
    expect(byKey.frustration).toMatchObject({ kind: 'score', category: 'experience' });
    expect(byKey.ai_disclosure).toMatchObject({ category: 'compliance', severity: 'high' });
    expect(byKey.booking_confirmation_accurate).toMatchObject({ kind: 'pass_fail', category: 'booking' });
    expect(byKey.booking_failure_disclosed).toMatchObject({ kind: 'pass_fail', category: 'booking' });
  });

  it('switches the booking checks on for a booking or scheduling tool call only', () => {
    expect(bookingChecksApply({ events: [{ type: 'tool_call', name: 'book_table', status: 'ok' }] })).toBe(true);
    expect(bookingChecksApply({ events: [{ type: 'tool_call', name: 'ScheduleVisit' }] })).toBe(true);
    expect(bookingChecksApply({ events: [{ type: 'tool_call', name: 'lookup_order' }] })).toBe(false);
    expect(bookingChecksApply({ events: [{ type: 'transfer', name: 'book' }] })).toBe(false);
    expect(bookingChecksApply({ events: [] })).toBe(false);
  });
});
