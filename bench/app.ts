/**
 * `npm run bench:app`: the application's pages with one million conversations in a project. Loads them
 * straight into a store (with their results, so a failed check has something to find), starts `cqm serve`
 * on it, signs in as a person would and measures over real HTTP, one request at a time on a keep-alive
 * connection: the first page of the conversation list, pages filtered by agent and by a failed check, and the
 * conversation view's data (probes in bench/app-probes.ts). Embedded store first, then PostgreSQL.
 * Goals: list and filtered pages p99 under 50 ms, the view under 20 ms, an agent's page under 20 ms and a
 * group's under 50 ms (both on the health rollups, bench/app-rollups.ts), on the embedded store. The last line is
 * `list p99 ms: X, filtered p99 ms: Y, view p99 ms: Z, agent page p99 ms: A, group page p99 ms: B` (embedded
 * store, the worst probe of each kind).
 * BENCH_SMOKE=1 runs a few thousand conversations in seconds, no goal judged. See bench/README.md.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateToLatest } from '../src/storage/migrate.js';
import type { OpenedStore } from '../src/storage/open.js';
import { openPostgresStore } from '../src/storage/postgres.js';
import { openSqliteStore, SQLITE_FILE_NAME } from '../src/storage/sqlite/open.js';
import { createTenancyRepo } from '../src/storage/tenancy-repo.js';
import { createUsersRepo } from '../src/storage/users-repo.js';
import { printFirstScreenBundle } from './app-bundle.js';
import type { BenchTenant } from './app-data.js';
import { BenchClient } from './app-http.js';
import { type Loaded, loadPostgres, loadSqlite } from './app-load.js';
import { appProbes, type Probe, type ProbeKind } from './app-probes.js';
import { rollUpPostgres, rollUpSqlite } from './app-rollups.js';
import {
  type Child,
  cleanup,
  freePort,
  installExitHandlers,
  makeTempDir,
  onCleanup,
  startChild,
  waitUntilAnswering,
} from './lifecycle.js';
import { percentile } from './load.js';
import { busyWarning } from './machine.js';
import { createBenchDatabase } from './postgres.js';
import { SMOKE, SMOKE_GOALS_LINE, sized } from './smoke.js';

const COUNT = Number(process.env.BENCH_CONVERSATIONS ?? sized(1_000_000, 3_000));
const FULL_DOCUMENTS = sized(20_000, 300);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? sized(1_000, 15));
const WARMUP = sized(100, 3);
const NOW = Date.parse('2026-11-24T06:00:00Z');
const EMAIL = 'bench-owner@example.test';
const PASSWORD = 'bench-password-long-enough';
const cqm = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'cqm');

interface Prepared {
  tenant: BenchTenant;
  apiKey: string;
}

interface ProbeResult {
  probe: Probe;
  samples: number[];
  failures: number;
}

function log(line = ''): void {
  process.stdout.write(`${line}\n`);
}

/** Workspace, project, a read key and an owner, written through the service's own repositories. */
async function prepare(store: OpenedStore): Promise<Prepared> {
  await migrateToLatest(store.db);
  const tenancy = createTenancyRepo(store, () => NOW);
  const workspace = await tenancy.createWorkspace('Bench workspace', 'UTC');
  const project = await tenancy.createProject(workspace.id, 'Bench project');
  const key = await tenancy.createKey({ projectId: project.id, environment: 'live', role: 'read', name: 'bench' });
  const owner = await createUsersRepo(store).create({
    workspaceId: workspace.id,
    email: EMAIL,
    name: 'Bench owner',
    role: 'owner',
    password: PASSWORD,
  });
  if (!owner) throw new Error('could not create the bench user');
  return { tenant: { projectId: project.id, environment: 'live' }, apiKey: key.key };
}

function progress(label: string) {
  let shown = 0;
  return (loaded: number) => {
    if (loaded - shown >= Math.max(COUNT / 10, 1) || loaded === COUNT) {
      shown = loaded;
      log(`  ${label}: ${loaded.toLocaleString('en-US')} conversations loaded`);
    }
  };
}

async function startServe(label: string, env: Record<string, string>): Promise<{ child: Child; url: string }> {
  const port = await freePort();
  const serveEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    CQM_RATE_LIMIT: '0',
    CQM_LOG_LEVEL: 'warn',
    ...env,
  };
  if (!env.DATABASE_URL) delete serveEnv.DATABASE_URL;
  const child = startChild(label, cqm, ['serve', '--no-worker'], serveEnv);
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${url}/healthz`, child, 60_000);
  return { child, url };
}

/** Every probe in turn, round after round, so the machine's drift hits them all alike. */
async function measure(url: string, prepared: Prepared, loaded: Loaded): Promise<ProbeResult[]> {
  const client = new BenchClient(url);
  try {
    const appApi = (await client.request('GET', '/app/api/csrf')).status === 200;
    if (appApi) await client.signIn(EMAIL, PASSWORD);
    else log('  (no /app/api in this build: the view is read from GET /v1/conversations/{id})');
    const probes = appProbes({
      projectId: prepared.tenant.projectId,
      environment: prepared.tenant.environment,
      viewIds: loaded.viewIds,
      appApi,
    });
    const results = probes.map((probe): ProbeResult => ({ probe, samples: [], failures: 0 }));
    const key = { authorization: `Bearer ${prepared.apiKey}` };
    for (let round = -WARMUP; round < REQUESTS; round++) {
      for (const result of results) {
        const { probe } = result;
        const answer = await client.request('GET', probe.path(round + WARMUP), probe.auth === 'key' ? key : {});
        if (answer.status !== 200) {
          result.failures += 1;
          if (result.failures === 1) log(`  ${probe.name}: ${answer.status} ${answer.body.slice(0, 300)}`);
        } else if (round === -WARMUP && answer.body.length < 20) {
          log(`  ${probe.name}: suspiciously small answer ${answer.body}`);
        }
        if (round >= 0) result.samples.push(answer.ms);
      }
    }
    return results;
  } finally {
    client.close();
  }
}

const ms = (value: number) => value.toFixed(1);

function report(store: string, results: ProbeResult[]): void {
  log();
  log(
    `${store}: ${COUNT.toLocaleString('en-US')} conversations, ${REQUESTS} requests per probe (after ${WARMUP} warm-up)`,
  );
  const rows = results.map(({ probe, samples, failures }) => [
    probe.name,
    ms(percentile(samples, 50)),
    ms(percentile(samples, 90)),
    ms(percentile(samples, 99)),
    ms(Math.max(...samples)),
    `< ${probe.goalP99Ms}`,
    failures === 0 ? '' : `${failures} failed`,
  ]);
  const header = ['probe', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'goal p99', 'errors'];
  const widths = header.map((title, c) => Math.max(title.length, ...rows.map((row) => (row[c] as string).length)));
  const line = (cells: string[]) =>
    cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0))).join('  ');
  log(line(header));
  for (const row of rows) log(line(row));
}

/** The worst p99 among the probes of a kind (NaN when there is none). */
function worstP99(results: ProbeResult[], kind: ProbeKind): number {
  const p99s = results.filter((r) => r.probe.summary === kind).map((r) => percentile(r.samples, 99));
  return p99s.length === 0 ? Number.NaN : Math.max(...p99s);
}

function goalVerdicts(results: ProbeResult[]): { lines: string[]; met: boolean } {
  if (SMOKE) return { lines: [SMOKE_GOALS_LINE], met: true };
  const lines: string[] = [];
  let met = true;
  for (const { probe, samples, failures } of results) {
    const p99 = percentile(samples, 99);
    const ok = p99 < probe.goalP99Ms && failures === 0;
    met &&= ok;
    lines.push(
      `goal ${ok ? 'met' : 'MISSED'}: ${probe.name} p99 ${ms(p99)} ms < ${probe.goalP99Ms} ms${failures ? `, ${failures} errors` : ''}`,
    );
  }
  return { lines, met };
}

async function runEmbedded(): Promise<ProbeResult[]> {
  const dataDir = makeTempDir('cqm-bench-app-');
  const store = openSqliteStore({ dataDir, synchronous: 'NORMAL', backgroundCheckpoints: false });
  const prepared = await prepare(store).finally(() => store.close());
  log(`embedded: loading ${COUNT.toLocaleString('en-US')} conversations into ${dataDir}`);
  const started = performance.now();
  const loaded = loadSqlite(path.join(dataDir, SQLITE_FILE_NAME), prepared.tenant, {
    count: COUNT,
    now: NOW,
    fullDocuments: FULL_DOCUMENTS,
    progress: progress('embedded'),
  });
  rollUpSqlite(path.join(dataDir, SQLITE_FILE_NAME));
  log(`embedded: loaded and rolled up in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const warning = await busyWarning('embedded');
  if (warning) log(warning);
  const { child, url } = await startServe('embedded', { CQM_DATA_DIR: dataDir });
  try {
    const results = await measure(url, prepared, loaded);
    report('embedded', results);
    return results;
  } finally {
    await child.stop();
  }
}

async function runPostgres(): Promise<ProbeResult[] | undefined> {
  if (process.env.BENCH_APP_POSTGRES === '0') {
    log('postgres: skipped (BENCH_APP_POSTGRES=0)');
    return undefined;
  }
  let database: Awaited<ReturnType<typeof createBenchDatabase>>;
  try {
    database = await createBenchDatabase();
  } catch (error) {
    log(`postgres: skipped (${error instanceof Error ? error.message : String(error)})`);
    return undefined;
  }
  onCleanup(() => database.drop());
  const store = openPostgresStore({ connectionString: database.url, maxConnections: 2 });
  const prepared = await prepare(store).finally(() => store.close());
  log(`postgres: loading ${COUNT.toLocaleString('en-US')} conversations into ${database.name}`);
  const started = performance.now();
  const loaded = await loadPostgres(database.url, prepared.tenant, {
    count: COUNT,
    now: NOW,
    fullDocuments: FULL_DOCUMENTS,
    progress: progress('postgres'),
  });
  await rollUpPostgres(database.url);
  log(`postgres: loaded and rolled up in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const warning = await busyWarning('postgres');
  if (warning) log(warning);
  const { child, url } = await startServe('postgres', {
    CQM_DATA_DIR: makeTempDir('cqm-bench-app-pg-'),
    DATABASE_URL: database.url,
  });
  try {
    const results = await measure(url, prepared, loaded);
    report('postgres', results);
    return results;
  } finally {
    await child.stop();
    await database.drop();
  }
}

async function main(): Promise<void> {
  installExitHandlers();
  const embedded = await runEmbedded();
  const postgres = await runPostgres();

  log();
  if (!(await printFirstScreenBundle()))
    log('first screen JavaScript: not measured (no bench/bundle-size.ts or dist/web)');
  const verdicts = goalVerdicts(embedded);
  log('embedded store goals:');
  for (const line of verdicts.lines) log(line);
  if (postgres && !SMOKE) {
    log(
      `postgres (reported, no goal): list p99 ms ${ms(worstP99(postgres, 'list'))}, filtered p99 ms ${ms(worstP99(postgres, 'filtered'))}, view p99 ms ${ms(worstP99(postgres, 'view'))}, agent page p99 ms ${ms(worstP99(postgres, 'agent'))}, group page p99 ms ${ms(worstP99(postgres, 'group'))}`,
    );
  }
  const failures = [...embedded, ...(postgres ?? [])].reduce((sum, r) => sum + r.failures, 0);
  if (failures > 0) process.exitCode = 1;
  log(
    `list p99 ms: ${ms(worstP99(embedded, 'list'))}, filtered p99 ms: ${ms(worstP99(embedded, 'filtered'))}, view p99 ms: ${ms(worstP99(embedded, 'view'))}, agent page p99 ms: ${ms(worstP99(embedded, 'agent'))}, group page p99 ms: ${ms(worstP99(embedded, 'group'))}`,
  );
}

main()
  .catch((error: unknown) => {
    process.stderr.write(
      `bench:app failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  })
  .finally(() => cleanup());
