/**
 * Health status and its reason, from the two windows of an agent (and, for a group, from its agents' statuses).
 * Pure rules from the specification's "Health status" section; the numbers come from daily rollups.
 */
import type { HealthTotals } from './contribution.js';
import { type Day, shortDay } from './days.js';

export const HEALTH_STATUSES = ['healthy', 'watch', 'at_risk', 'not_enough_calls'] as const;
export type HealthStatus = (typeof HEALTH_STATUSES)[number];

/** Below this many conversations with an outcome in 7 days, only high-severity compliance failures count. */
export const MIN_OUTCOMES = 5;
/** Status of an agent or group that was never measured. */
export const INITIAL_STATUS: HealthStatus = 'not_enough_calls';

/** Worst first for the group rule: at_risk > watch > healthy > not_enough_calls. */
const RANK: Record<HealthStatus, number> = { not_enough_calls: 0, healthy: 1, watch: 2, at_risk: 3 };

export function isWorse(a: HealthStatus, b: HealthStatus): boolean {
  return RANK[a] > RANK[b];
}

/** The window as the API returns it. */
export interface HealthWindow {
  conversations: number;
  with_outcome: number;
  resolution_rate: number | null;
  handed_to_person_rate: number;
  requests_for_person_not_honored: number;
  avg_frustration: number | null;
  compliance_failures: number;
}

export function toHealthWindow(t: HealthTotals): HealthWindow {
  const frustration = t.frustration_count > 0 ? t.frustration_sum / t.frustration_count : null;
  return {
    conversations: t.conversations,
    with_outcome: t.with_outcome,
    resolution_rate: t.with_outcome > 0 ? t.resolved / t.with_outcome : null,
    handed_to_person_rate: t.with_outcome > 0 ? t.handed_to_person / t.with_outcome : 0,
    requests_for_person_not_honored: t.requests_for_person_not_honored,
    // Sums that had re-scored contributions taken out carry float residue; four decimals is plenty for 0..1.
    avg_frustration: frustration === null ? null : Math.min(1, Math.max(0, Math.round(frustration * 1e4) / 1e4)),
    compliance_failures: t.compliance_failures,
  };
}

/** Failures of one compliance check in the 7-day window. */
export interface CheckFailures {
  key: string;
  name: string;
  failures: number;
  high_severity_failures: number;
}

/** The newest release of the agent first seen in the 7-day window, named when resolution fell. */
export interface Release {
  version: string;
  first_seen_day: Day;
}

export interface AgentHealthInput {
  last7: HealthTotals;
  last30: HealthTotals;
  failures7: readonly CheckFailures[];
  release: Release | null;
}

export interface Assessment {
  status: HealthStatus;
  /** One sentence for people; never parsed. */
  reason: string;
  /** How strongly the status holds, to pick the agent that sets a group's status among equals. */
  weight: number;
  /** For not_enough_calls: how many more conversations with an outcome are needed this week. */
  needs?: number;
}

function times(n: number): string {
  if (n === 1) return 'once';
  if (n === 2) return 'twice';
  return `${n} times`;
}

function joinAnd(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

function describeFailures(counts: { name: string; count: number }[], total: number, label: string): string {
  // Checks are named as people see them; two checks of one name read as one.
  const byName = new Map<string, number>();
  for (const c of counts) if (c.count > 0) byName.set(c.name, (byName.get(c.name) ?? 0) + c.count);
  const named = [...byName]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  const [only] = named;
  if (named.length === 1 && only && only.count === total)
    return `${only.name} failed ${times(total)} in the last 7 days`;
  const plural = total === 1 ? 'failure' : 'failures';
  if (named.length === 0) return `${total} ${label} ${plural} in the last 7 days`;
  return `${total} ${label} ${plural} in the last 7 days: ${joinAnd(named.map((c) => `${c.name} ${times(c.count)}`))}`;
}

function percent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

function points(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

/**
 * Resolution drop of the 7-day rate below the 30-day rate, compared exactly on the counts: the drop in points
 * is 100·(r30 − r7), so "at least 5 points" is 100·(c·b − a·d) ≥ 5·b·d for r7 = a/b and r30 = c/d.
 */
function resolutionDrop(
  last7: HealthTotals,
  last30: HealthTotals,
): { atLeast5: boolean; over10: boolean; pts: number } {
  const a = last7.resolved;
  const b = last7.with_outcome;
  const c = last30.resolved;
  const d = last30.with_outcome;
  if (b === 0 || d === 0) return { atLeast5: false, over10: false, pts: 0 };
  const scaled = 100 * (c * b - a * d);
  const base = b * d;
  return { atLeast5: scaled >= 5 * base, over10: scaled > 10 * base, pts: scaled / base };
}

export function agentHealth(input: AgentHealthInput): Assessment {
  const { last7, last30, failures7, release } = input;

  if (last7.with_outcome < MIN_OUTCOMES) {
    const high = last7.high_severity_compliance_failures;
    if (high > 0) {
      const reason = describeFailures(
        failures7.map((f) => ({ name: f.name, count: f.high_severity_failures })),
        high,
        'high-severity compliance',
      );
      return { status: high >= 2 ? 'at_risk' : 'watch', reason, weight: 1000 * high };
    }
    if (last7.conversations === 0) {
      return { status: 'not_enough_calls', reason: 'No calls in the last 7 days', weight: 0, needs: MIN_OUTCOMES };
    }
    const needs = MIN_OUTCOMES - last7.with_outcome;
    return {
      status: 'not_enough_calls',
      reason: `Needs ${needs} more call${needs === 1 ? '' : 's'} this week`,
      weight: 0,
      needs,
    };
  }

  const failures = last7.compliance_failures;
  const compliance: Assessment | null =
    failures > 0
      ? {
          status: failures > 2 ? 'at_risk' : 'watch',
          reason: describeFailures(
            failures7.map((f) => ({ name: f.name, count: f.failures })),
            failures,
            'compliance',
          ),
          weight: 1000 * failures,
        }
      : null;

  const drop = resolutionDrop(last7, last30);
  const since = release ? ` since release ${release.version} on ${shortDay(release.first_seen_day)}` : '';
  const resolution: Assessment | null = drop.atLeast5
    ? {
        status: drop.over10 ? 'at_risk' : 'watch',
        reason: `Resolution fell ${points(drop.pts)} points below the 30-day rate${since}`,
        weight: drop.pts,
      }
    : null;

  // A compliance failure outranks a resolution drop of the same status: it is the more serious finding.
  if (compliance && (!resolution || !isWorse(resolution.status, compliance.status))) return compliance;
  if (resolution) return resolution;
  const rate7 = last7.resolved / last7.with_outcome;
  const rate30 = last30.with_outcome > 0 ? last30.resolved / last30.with_outcome : rate7;
  return {
    status: 'healthy',
    reason: `Resolution is ${percent(rate7)} over the last 7 days and ${percent(rate30)} over 30 days, with no compliance failures`,
    weight: 0,
  };
}

/** One agent of a group, as the group rule sees it. */
export interface GroupMember {
  id: string;
  name: string;
  /** Not archived, and with a conversation in the last 30 days. */
  active: boolean;
  assessment: Assessment;
}

function lowerFirst(text: string): string {
  // "Resolution fell…" reads on after a colon; "AI disclosure…" must keep its capitals.
  return /^[A-Z][a-z]/.test(text) ? text[0]?.toLowerCase() + text.slice(1) : text;
}

/** The group rule: the worst status among active agents, naming the agent that set it. */
export function groupHealth(members: readonly GroupMember[]): Assessment {
  const active = members.filter((m) => m.active);
  if (active.length === 0) {
    return {
      status: 'not_enough_calls',
      reason:
        members.length === 0 ? 'No agents are in this group' : 'No agent in this group had calls in the last 30 days',
      weight: 0,
    };
  }
  const worst = active.reduce<HealthStatus>(
    (acc, m) => (isWorse(m.assessment.status, acc) ? m.assessment.status : acc),
    'not_enough_calls',
  );
  const setters = active
    .filter((m) => m.assessment.status === worst)
    .sort(
      (x, y) => y.assessment.weight - x.assessment.weight || x.name.localeCompare(y.name) || (x.id < y.id ? -1 : 1),
    );
  const first = setters[0] as GroupMember;
  const others = setters.length - 1;

  if (worst === 'at_risk' || worst === 'watch') {
    const label = worst === 'at_risk' ? 'at risk' : 'on watch';
    const also = others > 0 ? `, and ${others} other agent${others === 1 ? ' is' : 's are'} too` : '';
    return {
      status: worst,
      reason: `${first.name} is ${label}: ${lowerFirst(first.assessment.reason)}${also}`,
      weight: 0,
    };
  }
  if (worst === 'healthy') {
    const waiting = active.length - setters.length;
    if (waiting === 0) {
      const reason =
        active.length === 1 ? `${first.name} is healthy` : `All ${active.length} active agents are healthy`;
      return { status: 'healthy', reason, weight: 0 };
    }
    const healthy = setters.length === 1 ? `${first.name} is healthy` : `${setters.length} active agents are healthy`;
    const need = waiting === 1 ? '1 other needs' : `${waiting} others need`;
    return { status: 'healthy', reason: `${healthy} and ${need} more calls this week`, weight: 0 };
  }
  if (active.length === 1) {
    const needs = first.assessment.needs ?? MIN_OUTCOMES;
    return {
      status: 'not_enough_calls',
      reason: `${first.name} needs ${needs} more call${needs === 1 ? '' : 's'} this week`,
      weight: 0,
    };
  }
  return {
    status: 'not_enough_calls',
    reason: `None of the ${active.length} active agents has ${MIN_OUTCOMES} calls with an outcome this week yet`,
    weight: 0,
  };
}

export type HealthSubjectKind = 'agent' | 'group';

/**
 * The webhook a transition fires: only when watch or at_risk is the old or the new status (becoming healthy
 * from not_enough_calls, or going quiet, sends nothing).
 */
export function healthEvent(kind: HealthSubjectKind, from: HealthStatus, to: HealthStatus): string | null {
  if (from === to) return null;
  const alerting = (s: HealthStatus) => s === 'watch' || s === 'at_risk';
  return alerting(from) || alerting(to) ? `${kind}.health_changed` : null;
}
