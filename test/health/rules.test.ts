/** The pure health rules: days in a time zone, contributions, every status rule at its boundaries, the group rule. */
import { describe, expect, it } from 'vitest';
import { contributionOf, emptyTotals, type HealthTotals } from '../../src/domain/health/contribution.js';
import { addDays, localDay, shortDay, windowDays } from '../../src/domain/health/days.js';
import {
  type AgentHealthInput,
  type Assessment,
  agentHealth,
  type GroupMember,
  groupHealth,
  healthEvent,
  toHealthWindow,
} from '../../src/domain/health/status.js';

function totals(overrides: Partial<HealthTotals>): HealthTotals {
  return { ...emptyTotals(), ...overrides };
}

/** 7-day: b outcomes with a resolved; 30-day: d outcomes with c resolved (the 30 days include the 7). */
function rates(a: number, b: number, c: number, d: number, extra: Partial<AgentHealthInput> = {}): AgentHealthInput {
  return {
    last7: totals({ conversations: b, with_outcome: b, resolved: a }),
    last30: totals({ conversations: d, with_outcome: d, resolved: c }),
    failures7: [],
    release: null,
    ...extra,
  };
}

function withFailures(
  input: AgentHealthInput,
  failures: number,
  high: number,
  name = 'AI disclosure',
): AgentHealthInput {
  return {
    ...input,
    last7: { ...input.last7, compliance_failures: failures, high_severity_compliance_failures: high },
    last30: { ...input.last30, compliance_failures: failures, high_severity_compliance_failures: high },
    failures7: failures > 0 ? [{ key: 'ai_disclosure', name, failures, high_severity_failures: high }] : [],
  };
}

describe('days in a time zone', () => {
  it('puts an instant on its local date on both sides of midnight', () => {
    // Los Angeles is UTC-8 in November: 07:30Z is 23:30 the day before, 08:30Z is 00:30.
    expect(localDay(Date.parse('2026-11-14T07:30:00Z'), 'America/Los_Angeles')).toBe('2026-11-13');
    expect(localDay(Date.parse('2026-11-14T08:30:00Z'), 'America/Los_Angeles')).toBe('2026-11-14');
    // Tokyo is UTC+9: 14:30Z is 23:30, 15:30Z is 00:30 the next day.
    expect(localDay(Date.parse('2026-11-13T14:30:00Z'), 'Asia/Tokyo')).toBe('2026-11-13');
    expect(localDay(Date.parse('2026-11-13T15:30:00Z'), 'Asia/Tokyo')).toBe('2026-11-14');
    // Kiritimati is UTC+14; Chatham UTC+13:45 in its summer.
    expect(localDay(Date.parse('2026-11-13T10:30:00Z'), 'Pacific/Kiritimati')).toBe('2026-11-14');
    expect(localDay(Date.parse('2026-11-13T10:14:00Z'), 'Pacific/Chatham')).toBe('2026-11-13');
    expect(localDay(Date.parse('2026-11-13T10:16:00Z'), 'Pacific/Chatham')).toBe('2026-11-14');
  });

  it('counts whole calendar days across daylight-saving changes', () => {
    // New York falls back on 2026-11-01: that day has 25 hours, still one day.
    expect(localDay(Date.parse('2026-11-01T04:30:00Z'), 'America/New_York')).toBe('2026-11-01');
    expect(localDay(Date.parse('2026-11-02T04:59:00Z'), 'America/New_York')).toBe('2026-11-01');
    expect(localDay(Date.parse('2026-11-02T05:00:00Z'), 'America/New_York')).toBe('2026-11-02');
    expect(addDays('2026-11-03', -6)).toBe('2026-10-28');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('makes the 7-day window today and the six days before, the 30-day window today and the 29 before', () => {
    expect(windowDays(Date.parse('2026-11-20T12:00:00Z'), 'UTC')).toEqual({
      today: '2026-11-20',
      from7: '2026-11-14',
      from30: '2026-10-22',
    });
    expect(windowDays(Date.parse('2026-11-21T07:59:00Z'), 'America/Los_Angeles').today).toBe('2026-11-20');
    expect(windowDays(Date.parse('2026-11-21T08:00:00Z'), 'America/Los_Angeles').today).toBe('2026-11-21');
  });

  it('names a day the way reasons do', () => {
    expect(shortDay('2026-11-18')).toBe('Nov 18');
    expect(shortDay('2027-01-05')).toBe('Jan 5');
  });
});

describe('what a conversation contributes', () => {
  const result = (overrides: Record<string, unknown>) => ({
    check_key: 'x',
    check_name: 'X',
    check_status: 'active',
    verdict: 'pass',
    score: null,
    ...overrides,
  });

  it('counts outcomes, both spellings of the renames, and keeps not-customer calls out of the rates', () => {
    expect(contributionOf('resolved', [])).toMatchObject({ conversations: 1, with_outcome: 1, resolved: 1 });
    expect(contributionOf('unresolved', [])).toMatchObject({ with_outcome: 1, resolved: 0, handed_to_person: 0 });
    expect(contributionOf('escalated', [])).toMatchObject({ with_outcome: 1, handed_to_person: 1 });
    expect(contributionOf('handed_to_person', [])).toMatchObject({ with_outcome: 1, handed_to_person: 1 });
    expect(contributionOf('not_real_inquiry', [])).toMatchObject({ conversations: 1, with_outcome: 0 });
    expect(contributionOf('not_customer_call', [])).toMatchObject({ conversations: 1, with_outcome: 0 });
    expect(contributionOf(null, [])).toMatchObject({ conversations: 1, with_outcome: 0 });
  });

  it('counts frustration, unhonored requests for a person and compliance failures; shadow checks never count', () => {
    const c = contributionOf('resolved', [
      result({ check_key: 'frustration', score: 0.4, verdict: 'pass' }),
      result({ check_key: 'person_request_honored', verdict: 'fail' }),
      result({
        check_key: 'ai_disclosure',
        check_name: 'AI disclosure',
        verdict: 'fail',
        check_category: 'compliance',
        check_severity: 'high',
      }),
      result({
        check_key: 'recording',
        check_name: 'Recording notice',
        verdict: 'fail',
        check_category: 'compliance',
        check_severity: 'medium',
      }),
      result({ check_key: 'recording_ok', verdict: 'pass', check_category: 'compliance', check_severity: 'high' }),
      result({
        check_key: 'shadowed',
        verdict: 'fail',
        check_category: 'compliance',
        check_severity: 'high',
        check_status: 'shadow',
      }),
      result({ check_key: 'frustration_shadow', verdict: 'fail', check_category: 'booking', check_severity: 'high' }),
    ]);
    expect(c).toMatchObject({
      frustration_sum: 0.4,
      frustration_count: 1,
      requests_for_person_not_honored: 1,
      compliance_failures: 2,
      high_severity_compliance_failures: 1,
    });
    expect(c.failed_checks).toEqual([
      { key: 'ai_disclosure', name: 'AI disclosure', high: true },
      { key: 'recording', name: 'Recording notice', high: false },
    ]);
    expect(contributionOf('resolved', [result({ check_key: 'frustration', score: null })]).frustration_count).toBe(0);
    expect(
      contributionOf('resolved', [
        result({ check_key: 'person_request_honored', verdict: 'fail', check_status: 'shadow' }),
      ]).requests_for_person_not_honored,
    ).toBe(0);
  });
});

describe('the window as returned', () => {
  it('answers null rates when nothing had an outcome, and 0 for the handed-to-person share', () => {
    expect(toHealthWindow(emptyTotals())).toEqual({
      conversations: 0,
      with_outcome: 0,
      resolution_rate: null,
      handed_to_person_rate: 0,
      requests_for_person_not_honored: 0,
      avg_frustration: null,
      compliance_failures: 0,
    });
    expect(
      toHealthWindow(
        totals({
          conversations: 5,
          with_outcome: 4,
          resolved: 3,
          handed_to_person: 1,
          frustration_sum: 0.9,
          frustration_count: 3,
        }),
      ),
    ).toMatchObject({ resolution_rate: 0.75, handed_to_person_rate: 0.25, avg_frustration: 0.3 });
  });
});

describe('agent status rules', () => {
  it('is healthy when the 7-day rate holds up and nothing failed', () => {
    const health = agentHealth(rates(9, 10, 18, 20));
    expect(health.status).toBe('healthy');
    expect(health.reason).toBe(
      'Resolution is 90% over the last 7 days and 90% over 30 days, with no compliance failures',
    );
  });

  it('is watch at a drop of exactly 5 points, even where floating point says 4.999…', () => {
    // 17/20 − 8/10 is 0.04999999999999993 in floating point.
    expect(0.85 - 0.8).toBeLessThan(0.05);
    const health = agentHealth(rates(8, 10, 17, 20));
    expect(health).toMatchObject({ status: 'watch', reason: 'Resolution fell 5 points below the 30-day rate' });
  });

  it('is healthy just under 5 points', () => {
    // 45/53 = 84.9% against 4/5 = 80%: 4.9 points.
    expect(agentHealth(rates(4, 5, 45, 53)).status).toBe('healthy');
  });

  it('is watch at a drop of exactly 10 points, even where floating point says 10.000…1', () => {
    // 16/20 − 7/10 is 0.10000000000000009 in floating point.
    expect(0.8 - 0.7).toBeGreaterThan(0.1);
    expect(agentHealth(rates(7, 10, 16, 20))).toMatchObject({
      status: 'watch',
      reason: 'Resolution fell 10 points below the 30-day rate',
    });
  });

  it('is at_risk at a drop of more than 10 points', () => {
    // 33/41 = 80.49% against 70%: 10.5 points.
    expect(agentHealth(rates(7, 10, 33, 41))).toMatchObject({
      status: 'at_risk',
      reason: 'Resolution fell 10.5 points below the 30-day rate',
    });
    expect(agentHealth(rates(7, 10, 17, 20)).reason).toBe('Resolution fell 15 points below the 30-day rate');
  });

  it('names the release first seen in the last 7 days when resolution fell', () => {
    const health = agentHealth(rates(7, 10, 33, 41, { release: { version: '2.4', first_seen_day: '2026-11-18' } }));
    expect(health.reason).toBe('Resolution fell 10.5 points below the 30-day rate since release 2.4 on Nov 18');
  });

  it('needs 5 conversations with an outcome in 7 days: 4 is not enough, 5 is', () => {
    expect(agentHealth(rates(4, 4, 4, 4))).toMatchObject({
      status: 'not_enough_calls',
      reason: 'Needs 1 more call this week',
      needs: 1,
    });
    expect(agentHealth(rates(2, 2, 2, 2)).reason).toBe('Needs 3 more calls this week');
    expect(agentHealth(rates(5, 5, 5, 5)).status).toBe('healthy');
    // A 30-point drop does not count below the minimum.
    expect(agentHealth(rates(1, 4, 20, 24)).status).toBe('not_enough_calls');
    expect(agentHealth(rates(0, 0, 10, 10))).toMatchObject({
      status: 'not_enough_calls',
      reason: 'No calls in the last 7 days',
    });
    // Calls that are not customer calls do not make up the minimum.
    const notCustomer = rates(0, 0, 0, 0);
    notCustomer.last7.conversations = 9;
    expect(agentHealth(notCustomer).reason).toBe('Needs 5 more calls this week');
  });

  it('is watch with 1 or 2 compliance failures and at_risk with 3, naming the check', () => {
    const base = rates(9, 10, 18, 20);
    expect(agentHealth(withFailures(base, 1, 0))).toMatchObject({
      status: 'watch',
      reason: 'AI disclosure failed once in the last 7 days',
    });
    expect(agentHealth(withFailures(base, 2, 0))).toMatchObject({
      status: 'watch',
      reason: 'AI disclosure failed twice in the last 7 days',
    });
    expect(agentHealth(withFailures(base, 3, 0))).toMatchObject({
      status: 'at_risk',
      reason: 'AI disclosure failed 3 times in the last 7 days',
    });
  });

  it('names every failed check when several failed', () => {
    const input = withFailures(rates(9, 10, 18, 20), 3, 1);
    input.failures7 = [
      { key: 'recording', name: 'Recording notice', failures: 1, high_severity_failures: 0 },
      { key: 'ai_disclosure', name: 'AI disclosure', failures: 2, high_severity_failures: 1 },
    ];
    expect(agentHealth(input).reason).toBe(
      '3 compliance failures in the last 7 days: AI disclosure twice and Recording notice once',
    );
  });

  it('under low volume counts only high-severity compliance failures: 1 is watch, 2 are at_risk', () => {
    const low = rates(3, 3, 3, 3);
    expect(agentHealth(withFailures(low, 1, 0)).status).toBe('not_enough_calls');
    expect(agentHealth(withFailures(low, 3, 0)).status).toBe('not_enough_calls');
    expect(agentHealth(withFailures(low, 1, 1))).toMatchObject({
      status: 'watch',
      reason: 'AI disclosure failed once in the last 7 days',
    });
    expect(agentHealth(withFailures(low, 2, 2))).toMatchObject({
      status: 'at_risk',
      reason: 'AI disclosure failed twice in the last 7 days',
    });
    expect(agentHealth(withFailures(rates(0, 0, 0, 0), 1, 1)).status).toBe('watch');
  });

  it('lets the worse rule win, and a compliance failure explain a tie', () => {
    // A 15-point drop (at_risk) beats one compliance failure (watch).
    expect(agentHealth(withFailures(rates(7, 10, 17, 20), 1, 0)).reason).toMatch(/^Resolution fell 15 points/);
    // Three failures (at_risk) and a 15-point drop (at_risk): the failures are named.
    expect(agentHealth(withFailures(rates(7, 10, 17, 20), 3, 0)).reason).toBe(
      'AI disclosure failed 3 times in the last 7 days',
    );
  });
});

describe('group rule', () => {
  const member = (name: string, assessment: Partial<Assessment>, active = true): GroupMember => ({
    id: name.toLowerCase().replaceAll(' ', '-'),
    name,
    active,
    assessment: { status: 'healthy', reason: 'fine', weight: 0, ...assessment },
  });

  it('takes the worst status among active agents and names the agent that set it', () => {
    const health = groupHealth([
      member('Front desk', { status: 'healthy' }),
      member('Billing', { status: 'watch', reason: 'Resolution fell 6 points below the 30-day rate', weight: 6 }),
      member('Night line', { status: 'not_enough_calls', reason: 'Needs 2 more calls this week', needs: 2 }),
    ]);
    expect(health).toMatchObject({
      status: 'watch',
      reason: 'Billing is on watch: resolution fell 6 points below the 30-day rate',
    });
  });

  it('ignores inactive agents, picks the strongest among equals and says how many others share it', () => {
    const health = groupHealth([
      member(
        'Archived',
        { status: 'at_risk', reason: 'AI disclosure failed 9 times in the last 7 days', weight: 9000 },
        false,
      ),
      member('Billing', { status: 'at_risk', reason: 'Resolution fell 12 points below the 30-day rate', weight: 12 }),
      member('Front desk', {
        status: 'at_risk',
        reason: 'AI disclosure failed 3 times in the last 7 days',
        weight: 3000,
      }),
    ]);
    expect(health).toMatchObject({
      status: 'at_risk',
      reason: 'Front desk is at risk: AI disclosure failed 3 times in the last 7 days, and 1 other agent is too',
    });
  });

  it('is healthy over agents without enough calls, and not_enough_calls only when every active agent is', () => {
    expect(
      groupHealth([
        member('Front desk', { status: 'healthy' }),
        member('Billing', { status: 'not_enough_calls', needs: 2 }),
      ]),
    ).toMatchObject({ status: 'healthy', reason: 'Front desk is healthy and 1 other needs more calls this week' });
    expect(groupHealth([member('A', {}), member('B', {})]).reason).toBe('All 2 active agents are healthy');
    expect(
      groupHealth([
        member('Front desk', { status: 'not_enough_calls', needs: 3 }),
        member('Old', { status: 'watch' }, false),
      ]),
    ).toMatchObject({ status: 'not_enough_calls', reason: 'Front desk needs 3 more calls this week' });
    expect(
      groupHealth([member('A', { status: 'not_enough_calls' }), member('B', { status: 'not_enough_calls' })]),
    ).toMatchObject({
      status: 'not_enough_calls',
      reason: 'None of the 2 active agents has 5 calls with an outcome this week yet',
    });
    expect(groupHealth([])).toMatchObject({ status: 'not_enough_calls', reason: 'No agents are in this group' });
    expect(groupHealth([member('A', { status: 'watch' }, false)]).reason).toBe(
      'No agent in this group had calls in the last 30 days',
    );
  });
});

describe('health events', () => {
  it('fires only when watch or at_risk is the old or new status', () => {
    expect(healthEvent('agent', 'not_enough_calls', 'watch')).toBe('agent.health_changed');
    expect(healthEvent('group', 'at_risk', 'healthy')).toBe('group.health_changed');
    expect(healthEvent('agent', 'watch', 'at_risk')).toBe('agent.health_changed');
    expect(healthEvent('agent', 'not_enough_calls', 'healthy')).toBeNull();
    expect(healthEvent('agent', 'healthy', 'not_enough_calls')).toBeNull();
    expect(healthEvent('agent', 'watch', 'watch')).toBeNull();
  });
});
