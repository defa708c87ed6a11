/**
 * `npm run bench:webhooks`: `cqm serve` (API + scoring worker + webhook dispatcher, embedded store) delivering
 * to a local receiver on loopback (private targets allowed for the run).
 *
 * Part A: conversations are posted at a steady rate; for each, the time from its 202 to its
 * `conversation.evaluated` arriving at the receiver (p50/p99). Part B: a burst of `ping` events to one
 * endpoint; deliveries per second from the first request to the last arrival.
 *
 * Settings (environment): BENCH_WEBHOOK_RATE (conversations/s, 10), BENCH_WEBHOOK_SECONDS (20),
 * BENCH_WEBHOOK_PINGS (2000). BENCH_SMOKE=1: 1 s of conversations and 20 pings (bench/smoke.ts).
 */
import http from 'node:http';
import { cleanup, installExitHandlers, makeTempDir } from './lifecycle.js';
import { percentile } from './load.js';
import { generateConversation } from './scoring-conversations.js';
import { sized } from './smoke.js';
import { startService } from './targets.js';

const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 10);
const SECONDS = Number(process.env.BENCH_WEBHOOK_SECONDS ?? sized(20, 1));
const PINGS = Number(process.env.BENCH_WEBHOOK_PINGS ?? sized(2000, 20));

interface Arrival {
  type: string;
  externalId: string | undefined;
  at: number;
}

async function startReceiver() {
  const arrivals: Arrival[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.timeOrigin + performance.now();
      try {
        const payload = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        arrivals.push({ type: payload.type, externalId: payload.data?.conversation?.external_id, at });
      } catch {
        arrivals.push({ type: 'invalid', externalId: undefined, at });
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/hooks`, arrivals, close: () => new Promise((r) => server.close(r)) };
}

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

async function main(): Promise<void> {
  installExitHandlers();
  process.env.CQM_WEBHOOK_ALLOW_PRIVATE = '1';
  const receiver = await startReceiver();
  const service = await startService('cqm', { dataDir: makeTempDir('cqm-bench-webhooks-') }, { worker: true });
  const headers = { authorization: `Bearer ${service.apiKey}`, 'content-type': 'application/json' };

  const register = async (events: string[]) => {
    const answer = await fetch(`${service.url}/v1/webhook_endpoints`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: receiver.url, events }),
    });
    if (answer.status !== 201)
      throw new Error(`registering an endpoint answered ${answer.status}: ${await answer.text()}`);
    return (await answer.json()) as { id: string };
  };
  await register(['conversation.evaluated']);
  const pingEndpoint = await register(['ping']);

  // Part A: 202 → conversation.evaluated.
  const total = Math.round(RATE * SECONDS);
  const acked = new Map<string, number>();
  const start = performance.now();
  const sends: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const externalId = `bench-hook-${i}`;
    const { body } = generateConversation(7, i, externalId);
    sends.push(
      fetch(`${service.url}/v1/conversations`, { method: 'POST', headers, body: JSON.stringify(body) }).then(
        async (answer) => {
          await answer.arrayBuffer();
          if (answer.status === 202) acked.set(externalId, performance.timeOrigin + performance.now());
        },
      ),
    );
  }
  await Promise.all(sends);
  const evaluated = () => receiver.arrivals.filter((a) => a.type === 'conversation.evaluated');
  await waitUntil(() => evaluated().length >= acked.size, 60_000);
  const latencies: number[] = [];
  for (const arrival of evaluated()) {
    const ackAt = arrival.externalId === undefined ? undefined : acked.get(arrival.externalId);
    if (ackAt !== undefined) latencies.push(arrival.at - ackAt);
  }

  // Part B: deliveries per second.
  const pingStart = performance.timeOrigin + performance.now();
  const queue = Array.from({ length: PINGS }, (_, i) => i);
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (queue.shift() !== undefined) {
        const answer = await fetch(`${service.url}/v1/webhook_endpoints/${pingEndpoint.id}/test`, {
          method: 'POST',
          headers: { authorization: headers.authorization },
        });
        await answer.arrayBuffer();
      }
    }),
  );
  const pings = () => receiver.arrivals.filter((a) => a.type === 'ping');
  await waitUntil(() => pings().length >= PINGS, 120_000);
  // A run that measured nothing is a broken benchmark, not a slow service: fail rather than print NaN.
  if (latencies.length === 0) throw new Error(`no conversation.evaluated arrived for ${acked.size} accepted`);
  if (pings().length === 0) throw new Error(`no ping of ${PINGS} arrived`);
  const lastPing = Math.max(...pings().map((a) => a.at));
  const perSecond = pings().length / ((lastPing - pingStart) / 1000);

  const fmt = (ms: number) => `${Math.round(ms)} ms`;
  process.stdout.write(
    [
      `conversations: ${total} sent at ${RATE}/s, ${acked.size} accepted, ${latencies.length} conversation.evaluated received`,
      `202 -> conversation.evaluated: p50 ${fmt(percentile(latencies, 50))}, p99 ${fmt(percentile(latencies, 99))}, max ${fmt(Math.max(...latencies))}`,
      `pings: ${pings().length} of ${PINGS} delivered, ${perSecond.toFixed(0)} deliveries/s`,
      `deliveries/s: ${perSecond.toFixed(0)}, evaluated p50 ms: ${Math.round(percentile(latencies, 50))}, p99 ms: ${Math.round(percentile(latencies, 99))}`,
      '',
    ].join('\n'),
  );
  await receiver.close();
}

main()
  .catch((error) => {
    process.stderr.write(`bench:webhooks failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => cleanup());
