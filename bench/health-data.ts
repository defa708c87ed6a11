/**
 * Synthetic history for the health benchmark: conversations of 200 agents in 20 groups over 30 local days,
 * each with its contribution, and the daily rollups they add up to. Generated from a seed, so every run and
 * both volumes get the same shape of data.
 */
import { addTotals, contributionOf, emptyTotals, type HealthTotals } from '../src/domain/health/contribution.js';
import { addDays, localDay } from '../src/domain/health/days.js';
import { seededRandom } from '../train/seeded-random.js';

export const AGENTS = 200;
export const GROUPS = 20;
export const DAYS = 30;

export const agentId = (i: number) => `agent-${String(i).padStart(3, '0')}`;
export const groupId = (i: number) => `group-${String(i).padStart(2, '0')}`;
export const groupOf = (agent: number) => Math.floor(agent / (AGENTS / GROUPS));

export interface GeneratedConversation {
  id: string;
  agent: number;
  endedAtMs: number;
  day: string;
  version: string;
  outcome: string;
  contribution: ReturnType<typeof contributionOf>;
}

export interface Rollups {
  daily: Map<string, { agent: number; day: string; totals: HealthTotals }>;
  checks: Map<string, { agent: number; day: string; key: string; name: string; failures: number; high: number }>;
  releases: Map<string, { agent: number; version: string; day: string; at: number }>;
}

export function emptyRollups(): Rollups {
  return { daily: new Map(), checks: new Map(), releases: new Map() };
}

/**
 * Yields `count` conversations ending within the 30 local days up to `now`. Agents differ: most resolve
 * 70–90% of calls; every tenth got worse with a release four days ago; compliance failures are rare.
 */
export function* conversations(
  count: number,
  now: number,
  timeZone: string,
  seed = 42,
): Generator<GeneratedConversation> {
  const random = seededRandom(seed);
  const today = localDay(now, timeZone);
  const dayStart = Array.from({ length: DAYS }, (_, i) => Date.parse(`${addDays(today, -i)}T00:00:00Z`));
  for (let n = 0; n < count; n++) {
    const agent = Math.floor(random() * AGENTS);
    const back = Math.floor(random() * DAYS);
    // Somewhere in that UTC date; the local day is computed, as ingest would.
    const endedAtMs = Math.min(now, (dayStart[back] as number) + Math.floor(random() * 86_400_000));
    const day = localDay(endedAtMs, timeZone);
    const released = agent % 10 === 0 && back <= 3;
    const resolveRate = released ? 0.55 : 0.7 + (agent % 5) * 0.05;
    const r = random();
    const outcome =
      r < 0.05 ? 'not_real_inquiry' : r < 0.15 ? 'escalated' : random() < resolveRate ? 'resolved' : 'unresolved';
    const results = [
      {
        check_key: 'frustration',
        check_name: 'Frustration',
        check_status: 'active',
        verdict: 'pass',
        score: random() * 0.6,
      },
      {
        check_key: 'person_request_honored',
        check_name: 'Person request honored',
        check_status: 'active',
        verdict: random() < 0.03 ? 'fail' : 'not_applicable',
        score: null,
      },
      {
        check_key: 'ai_disclosure',
        check_name: 'AI disclosure',
        check_status: 'active',
        verdict: random() < 0.0015 ? 'fail' : 'pass',
        score: null,
        check_category: 'compliance',
        check_severity: 'high',
      },
    ];
    yield {
      id: `conv_${String(n).padStart(10, '0')}`,
      agent,
      endedAtMs,
      day,
      version: released ? '2.0' : '1.0',
      outcome,
      contribution: contributionOf(outcome, results),
    };
  }
}

export function addToRollups(rollups: Rollups, c: GeneratedConversation): void {
  const dayKey = `${c.agent}:${c.day}`;
  const daily = rollups.daily.get(dayKey) ?? { agent: c.agent, day: c.day, totals: emptyTotals() };
  addTotals(daily.totals, c.contribution);
  rollups.daily.set(dayKey, daily);
  for (const failed of c.contribution.failed_checks) {
    const key = `${dayKey}:${failed.key}`;
    const entry = rollups.checks.get(key) ?? {
      agent: c.agent,
      day: c.day,
      key: failed.key,
      name: failed.name,
      failures: 0,
      high: 0,
    };
    entry.failures += 1;
    if (failed.high) entry.high += 1;
    rollups.checks.set(key, entry);
  }
  const releaseKey = `${c.agent}:${c.version}`;
  const release = rollups.releases.get(releaseKey);
  if (!release || c.endedAtMs < release.at) {
    rollups.releases.set(releaseKey, { agent: c.agent, version: c.version, day: c.day, at: c.endedAtMs });
  }
}
