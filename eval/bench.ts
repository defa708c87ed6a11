/**
 * Times all built-in checks on typical 30-turn conversations, stitched from the development set's
 * turns and events (the budget is 2 ms per conversation on average).
 *
 *   npx tsx eval/bench.ts
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScorableConversation } from '../src/domain/conversation.js';
import { BUILTIN_CHECKS } from '../src/scoring/builtin-checks.js';
import { scoreConversation } from '../src/scoring/pipeline.js';
import { loadDataset, toConversation } from './dataset.js';

const TURNS = 30;
const WARM_UP_ROUNDS = 3;
const ROUNDS = 30;

const source = loadDataset(join(dirname(fileURLToPath(import.meta.url)), 'data')).map(toConversation);
const turns = source.flatMap((conversation) => conversation.transcript);
const events = source.flatMap((conversation) => conversation.events);

const conversations: ScorableConversation[] = [];
for (let start = 0; start + TURNS <= turns.length; start += TURNS) {
  conversations.push({
    channel: 'voice',
    ended_by: 'caller',
    transcript: turns.slice(start, start + TURNS),
    events: events.slice(start / 10, start / 10 + 3),
    metadata: {},
  });
}

const checks = [...BUILTIN_CHECKS];
const characters = conversations.reduce((sum, c) => sum + c.transcript.reduce((n, turn) => n + turn.text.length, 0), 0);
for (let round = 0; round < WARM_UP_ROUNDS; round += 1)
  for (const conversation of conversations) scoreConversation(conversation, checks);
const started = performance.now();
const cpuBefore = process.cpuUsage();
/** CPU time of each round: the fastest is the steadiest figure when other processes share the two cores. */
const roundCpuMs: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  const roundBefore = process.cpuUsage();
  for (const conversation of conversations) scoreConversation(conversation, checks);
  const roundCpu = process.cpuUsage(roundBefore);
  roundCpuMs.push((roundCpu.user + roundCpu.system) / 1000);
}
const cpu = process.cpuUsage(cpuBefore);
const elapsed = performance.now() - started;
const runs = ROUNDS * conversations.length;

console.log(
  `${conversations.length} conversations of ${TURNS} turns (${Math.round(characters / conversations.length)} characters on average), ${checks.length} checks each:`,
);
console.log(`${(elapsed / runs).toFixed(3)} ms per conversation (wall clock)`);
console.log(`${((cpu.user + cpu.system) / 1000 / runs).toFixed(3)} ms per conversation (CPU time)`);
console.log(
  `${(Math.min(...roundCpuMs) / conversations.length).toFixed(3)} ms per conversation (CPU time, fastest round)`,
);
