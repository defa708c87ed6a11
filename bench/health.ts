/**
 * `npm run bench:health`: latency of GET /v1/agents/{id}/health and GET /v1/groups/{id}/health with one
 * million conversations over 30 days (200 agents in 20 groups), next to the same with ten thousand. Health
 * reads the daily rollups only, so the two volumes should answer alike. The last line is
 * `agent p99 ms: X, group p99 ms: Y, growth: Z` (Z = agent p99 at one million over agent p99 at ten thousand).
 * BENCH_HEALTH_POSTGRES=1 also runs the two volumes on PostgreSQL (slower to load). See bench/README.md.
 */
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/api/app.js';
import { createMetrics } from '../src/api/metrics.js';
import { memoryRateLimiter } from '../src/api/rate-limit.js';
import { createConversationRepo } from '../src/storage/conversation-repo.js';
import { createHealthReports } from '../src/storage/health/reports.js';
import { migrateToLatest } from '../src/storage/migrate.js';
import type { OpenedStore } from '../src/storage/open.js';
import { openPostgresStore } from '../src/storage/postgres.js';
import { openSqliteStore, SQLITE_FILE_NAME } from '../src/storage/sqlite/open.js';
import { createTenancyRepo } from '../src/storage/tenancy-repo.js';
import { seededRandom } from '../train/seeded-random.js';
import { AGENTS, agentId, GROUPS, groupId } from './health-data.js';
import { type LoadTarget, loadPostgres, loadSqlite } from './health-load.js';
import { cleanup, installExitHandlers, makeTempDir, onCleanup } from './lifecycle.js';
import { createBenchDatabase } from './postgres.js';
import { SMOKE, SMOKE_GOALS_LINE, sized } from './smoke.js';

const VOLUMES = sized(
  [
    { label: '10k', count: 10_000 },
    { label: '1M', count: 1_000_000 },
  ],
  [
    { label: '1k', count: 1000 },
    { label: '5k', count: 5000 },
  ],
);
const TIME_ZONE = 'America/New_York';
const NOW = Date.parse('2026-11-20T17:00:00Z');
const AGENT_REQUESTS = Number(process.env.BENCH_AGENT_REQUESTS ?? sized(10_000, 100));
const GROUP_REQUESTS = Number(process.env.BENCH_GROUP_REQUESTS ?? sized(3000, 30));
const WARMUP = sized(300, 10);
const GOAL = { agentP99Ms: 5, groupP99Ms: 20, maxGrowth: 1.5 };

interface Loaded {
  label: string;
  backend: 'sqlite' | 'postgres';
  count: number;
  store: OpenedStore;
  app: FastifyInstance;
  key: string;
  target: LoadTarget;
  loadSeconds: number;
}

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function tenant(store: OpenedStore) {
  const tenancy = createTenancyRepo(store, () => NOW);
  const workspace = await tenancy.createWorkspace('Bench workspace', TIME_ZONE);
  const project = await tenancy.createProject(workspace.id, 'Bench project');
  const key = await tenancy.createKey({ projectId: project.id, environment: 'live', role: 'read', name: 'bench' });
  return { tenancy, projectId: project.id, key: key.key };
}

async function appFor(store: OpenedStore, tenancy: ReturnType<typeof createTenancyRepo>): Promise<FastifyInstance> {
  const app = await buildApp({
    config: { publicUrl: 'http://127.0.0.1', bodyLimitBytes: 1024 * 1024, logRequests: false },
    store,
    tenancy,
    conversations: createConversationRepo(store, () => NOW),
    rateLimiter: memoryRateLimiter({ points: 0, windowSeconds: 1 }),
    metrics: createMetrics(),
    logger: false,
    clock: () => NOW,
  });
  await app.ready();
  return app;
}

async function loadSqliteVolume(label: string, count: number): Promise<Loaded> {
  const dataDir = makeTempDir('cqm-bench-health-');
  const options = { dataDir, synchronous: 'NORMAL' as const, backgroundCheckpoints: false };
  const setup = openSqliteStore(options);
  await migrateToLatest(setup.db);
  const { projectId, key } = await tenant(setup);
  await setup.close();
  const target: LoadTarget = { projectId, environment: 'live', timeZone: TIME_ZONE, now: NOW };
  const started = performance.now();
  loadSqlite(path.join(dataDir, SQLITE_FILE_NAME), target, count);
  const loadSeconds = (performance.now() - started) / 1000;
  const store = openSqliteStore(options);
  onCleanup(() => store.close());
  const app = await appFor(
    store,
    createTenancyRepo(store, () => NOW),
  );
  onCleanup(() => app.close());
  return { label, backend: 'sqlite', count, store, app, key, target, loadSeconds };
}

async function loadPostgresVolume(label: string, count: number): Promise<Loaded> {
  const database = await createBenchDatabase();
  onCleanup(() => database.drop());
  const store = openPostgresStore({ connectionString: database.url });
  onCleanup(() => store.close());
  await migrateToLatest(store.db);
  const { tenancy, projectId, key } = await tenant(store);
  const target: LoadTarget = { projectId, environment: 'live', timeZone: TIME_ZONE, now: NOW };
  const started = performance.now();
  await loadPostgres(store.db, target, count);
  const loadSeconds = (performance.now() - started) / 1000;
  const app = await appFor(store, tenancy);
  onCleanup(() => app.close());
  return { label, backend: 'postgres', count, store, app, key, target, loadSeconds };
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function request(volume: Loaded, url: string): Promise<void> {
  const response = await volume.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${volume.key}` } });
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

interface Latencies {
  agentHttp: number[];
  groupHttp: number[];
  agentRead: number[];
  groupRead: number[];
}

/**
 * Loading a million rows leaves a large heap of garbage; collect it before measuring, or a major collection
 * lands in the measured requests of whichever volume happens to be next.
 */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

/** Interleaves the volumes request by request, so both see the same machine state (GC, caches, neighbours). */
async function measure(volumes: Loaded[]): Promise<Map<Loaded, Latencies>> {
  collectGarbage();
  const random = seededRandom(7);
  const results = new Map<Loaded, Latencies>(
    volumes.map((v) => [v, { agentHttp: [], groupHttp: [], agentRead: [], groupRead: [] }]),
  );
  const reports = new Map(volumes.map((v) => [v, createHealthReports(v.store)]));
  const scope = (v: Loaded) => ({ projectId: v.target.projectId, environment: v.target.environment });
  for (let i = 0; i < WARMUP; i++) {
    for (const v of volumes) {
      await request(v, `/v1/agents/${agentId(i % AGENTS)}/health`);
      await request(v, `/v1/groups/${groupId(i % GROUPS)}/health`);
    }
  }
  for (let i = 0; i < AGENT_REQUESTS; i++) {
    const agent = agentId(Math.floor(random() * AGENTS));
    const group = groupId(Math.floor(random() * GROUPS));
    const withGroup = i < GROUP_REQUESTS;
    for (const v of i % 2 === 0 ? volumes : [...volumes].reverse()) {
      const r = results.get(v) as Latencies;
      const read = reports.get(v) as ReturnType<typeof createHealthReports>;
      r.agentHttp.push(await timed(() => request(v, `/v1/agents/${agent}/health`)));
      r.agentRead.push(await timed(() => read.agent(scope(v), TIME_ZONE, agent, NOW)));
      if (withGroup) {
        r.groupHttp.push(await timed(() => request(v, `/v1/groups/${group}/health`)));
        r.groupRead.push(await timed(() => read.group(scope(v), TIME_ZONE, group, NOW)));
      }
    }
  }
  return results;
}

async function count(store: OpenedStore, table: 'conversations' | 'health_daily'): Promise<number> {
  const row = await store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const fmt = (ms: number) => ms.toFixed(3);

async function report(backend: string, volumes: Loaded[], results: Map<Loaded, Latencies>): Promise<string[]> {
  const header = [
    'volume',
    'conversations',
    'rollup rows',
    'load s',
    'agent p50',
    'agent p99',
    'group p50',
    'group p99',
    'agent read p99',
    'group read p99',
  ];
  const rows: string[][] = [];
  for (const v of volumes) {
    const r = results.get(v) as Latencies;
    rows.push([
      `${backend} ${v.label}`,
      (await count(v.store, 'conversations')).toLocaleString('en-US'),
      (await count(v.store, 'health_daily')).toLocaleString('en-US'),
      v.loadSeconds.toFixed(1),
      fmt(percentile(r.agentHttp, 50)),
      fmt(percentile(r.agentHttp, 99)),
      fmt(percentile(r.groupHttp, 50)),
      fmt(percentile(r.groupHttp, 99)),
      fmt(percentile(r.agentRead, 99)),
      fmt(percentile(r.groupRead, 99)),
    ]);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

async function run(backend: 'sqlite' | 'postgres'): Promise<{ agentP99: number; groupP99: number; growth: number }> {
  const volumes: Loaded[] = [];
  for (const { label, count: n } of VOLUMES) {
    log(`${backend}: loading ${n.toLocaleString('en-US')} conversations…`);
    volumes.push(backend === 'sqlite' ? await loadSqliteVolume(label, n) : await loadPostgresVolume(label, n));
  }
  log(`${backend}: measuring ${AGENT_REQUESTS} agent and ${GROUP_REQUESTS} group requests per volume (interleaved)…`);
  const results = await measure(volumes);
  for (const line of await report(backend, volumes, results)) log(line);
  const [small, large] = volumes.map((v) => results.get(v) as Latencies) as [Latencies, Latencies];
  const agentP99 = percentile(large.agentHttp, 99);
  const groupP99 = percentile(large.groupHttp, 99);
  const growth = agentP99 / percentile(small.agentHttp, 99);
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  log(
    SMOKE
      ? SMOKE_GOALS_LINE
      : `${backend} goal: agent p99 < ${GOAL.agentP99Ms} ms ${verdict(agentP99 < GOAL.agentP99Ms)}, group p99 < ${GOAL.groupP99Ms} ms ${verdict(groupP99 < GOAL.groupP99Ms)}, growth <= ${GOAL.maxGrowth} ${verdict(growth <= GOAL.maxGrowth)} (group growth ${(groupP99 / percentile(small.groupHttp, 99)).toFixed(2)})`,
  );
  log('');
  return { agentP99, groupP99, growth };
}

async function main(): Promise<void> {
  installExitHandlers();
  log(
    `health bench: ${AGENTS} agents in ${GROUPS} groups, 30 days in ${TIME_ZONE}; latency of app.inject (auth included) and of the read alone, in ms`,
  );
  try {
    const embedded = await run('sqlite');
    if (['1', 'true'].includes(process.env.BENCH_HEALTH_POSTGRES ?? '')) await run('postgres');
    log(
      `agent p99 ms: ${fmt(embedded.agentP99)}, group p99 ms: ${fmt(embedded.groupP99)}, growth: ${embedded.growth.toFixed(2)}`,
    );
  } finally {
    await cleanup();
  }
}

await main();
