/**
 * The judge's daily usage in /metrics, read from the store when Prometheus scrapes: judge calls run in the
 * scoring worker (another thread or process), and the store is what they all share. A project whose cap is
 * reached shows `cqm_judge_capped 1` until the UTC day ends.
 */
import { Gauge, type Registry } from 'prom-client';
import { createJudgeUsageRepo } from '../storage/judge-usage-repo.js';
import type { Store } from '../storage/store.js';

export function registerJudgeMetrics(registry: Registry, store: Store): void {
  const usage = createJudgeUsageRepo(store);
  let today: ReturnType<typeof usage.allToday> | null = null;
  // Both gauges read one query per scrape.
  const read = () => {
    today ??= usage.allToday().finally(() => setTimeout(() => (today = null), 0));
    return today;
  };
  new Gauge({
    name: 'cqm_judge_calls_today',
    help: 'Calls to the LLM judge this UTC day, by project.',
    labelNames: ['project'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await read().catch(() => [])) this.set({ project: row.projectId }, row.calls);
    },
  });
  new Gauge({
    name: 'cqm_judge_capped',
    help: "1 when a project's daily cap on judge calls is reached (second review stopped until the UTC day ends).",
    labelNames: ['project'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await read().catch(() => []))
        this.set({ project: row.projectId }, row.cappedAt === null ? 0 : 1);
    },
  });
}
