/**
 * A store, the HTTP API, a scoring worker and a second-review worker wired like `cqm serve`, and a local
 * judge server: conversations posted over HTTP go through the model and the judge exactly as in production.
 */
import pino from 'pino';
import { expect } from 'vitest';
import type { JudgeCostControls } from '../../src/domain/judge.js';
import type { Worker } from '../../src/jobs/worker.js';
import { checkCatalogue, scoringWorker } from '../../src/main/background.js';
import { type JudgeWork, judgeWork } from '../../src/main/judge-work.js';
import { createJudgeSettingsRepo } from '../../src/storage/judge-settings-repo.js';
import { bearer, startTestApp, type TestApp } from '../harness/app.js';
import type { TestBackend } from '../harness/backends.js';
import { conversationBody } from '../harness/fixtures.js';
import { type JudgeServer, startJudgeServer } from '../harness/judge-server.js';
import { waitFor } from '../harness/processes.js';

export interface JudgeWorld {
  t: TestApp;
  judge: JudgeServer;
  catalogue: ReturnType<typeof checkCatalogue>;
  review: JudgeWork;
  /** Posts a conversation and returns it once `done`. */
  score(body?: Record<string, unknown>, headers?: Record<string, string>): Promise<ScoredConversation>;
  read(id: string, headers?: Record<string, string>): Promise<ScoredConversation>;
  waitDone(id: string): Promise<ScoredConversation>;
  close(): Promise<void>;
}

export interface ScoredResult {
  check_key: string;
  verdict: string;
  choice: string | null;
  score: number | null;
  decided_by: string | null;
  reason: string | null;
  evidence_turns: number[];
  scorer_version: string;
}

export interface ScoredConversation {
  id: string;
  status: string;
  outcome: string | null;
  results: ScoredResult[];
}

/** A call in which the caller's request for a person rests on a possibly misheard turn: the model is unsure. */
export function unclearPersonRequest(): Record<string, unknown> {
  return conversationBody({
    events: [],
    transcript: [
      { speaker: 'agent', text: 'Thanks for calling Bright Smile Dental, this is an AI assistant. How can I help?' },
      { speaker: 'user', text: 'I want to talk to a real person please', asr_confidence: 0.4 },
      { speaker: 'agent', text: 'I can help you with appointments. What do you need?' },
      { speaker: 'user', text: 'Okay never mind, bye.' },
    ],
  });
}

export function resultOf(conversation: ScoredConversation, key: string): ScoredResult | undefined {
  return conversation.results.find((result) => result.check_key === key);
}

export async function startJudgeWorld(
  backend: TestBackend,
  options: { controls?: Partial<JudgeCostControls>; baseUrl?: string; secretKey?: string } = {},
): Promise<JudgeWorld> {
  // Webhook endpoints on this machine (nothing is delivered here: no dispatcher runs; the outbox is read).
  const t = await startTestApp(backend, { webhooks: { policy: { allowPrivate: true, allowHttp: true } } });
  const judge = await startJudgeServer();
  const logger = pino({ level: 'silent' });
  const catalogue = checkCatalogue(t.store);
  await createJudgeSettingsRepo(t.store).update(t.projectId, {
    baseUrl: options.baseUrl ?? judge.baseUrl,
    model: 'test-judge',
    controls: { timeoutMs: 5_000, ...options.controls },
  });
  const review = judgeWork(
    { jobLeaseMs: 30_000, ...(options.secretKey ? { secretKey: options.secretKey } : {}) },
    t.store,
    catalogue,
    logger,
  );
  const workers: Worker[] = [
    scoringWorker({ workerConcurrency: 4, jobLeaseMs: 30_000 }, t.store, logger, review.routing),
    review.worker,
  ];
  for (const worker of workers) worker.start();

  async function read(id: string, headers: Record<string, string> = {}): Promise<ScoredConversation> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/v1/conversations/${id}`,
      headers: { ...bearer(t.keys.testFull), ...headers },
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  }
  async function waitDone(id: string): Promise<ScoredConversation> {
    return waitFor(
      async () => {
        for (const worker of workers) worker.nudge();
        const conversation = await read(id);
        return conversation.status === 'done' ? conversation : false;
      },
      30_000,
      `conversation ${id} to be done`,
    );
  }
  return {
    t,
    judge,
    catalogue,
    review,
    read,
    waitDone,
    async score(body = conversationBody(), headers = {}) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/v1/conversations',
        headers: bearer(t.keys.testFull),
        payload: body,
      });
      expect(created.statusCode).toBe(202);
      const done = await waitDone(created.json().id);
      return Object.keys(headers).length > 0 ? read(done.id, headers) : done;
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.stop()));
      await judge.close();
      await t.close();
    },
  };
}
