/**
 * A world for the application's part 2 tests: the people application (sessions, roles, a second workspace),
 * conversations posted over /v1 with the test keys, and a real scoring worker's handler to score them.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createCheckCatalogue } from '../../src/checks/catalogue.js';
import { handlerRegistry } from '../../src/jobs/job-handler.js';
import { createQueue } from '../../src/jobs/queue.js';
import { scoreConversationHandler } from '../../src/jobs/score-conversation.js';
import { BUILTIN_CHECKS } from '../../src/scoring/builtin-checks.js';
import { validateCustomRule } from '../../src/scoring/custom-rules.js';
import { scoreConversation, scorerVersion } from '../../src/scoring/pipeline.js';
import { bearer } from '../harness/app.js';
import type { TestBackend } from '../harness/backends.js';
import { conversationBody, uniqueExternalId } from '../harness/fixtures.js';
import { type PeopleApp, startPeopleApp } from './browser.js';

export interface PartTwoApp extends PeopleApp {
  /** Posts a conversation over /v1 (test environment unless `live`); returns its id. */
  post(overrides?: Record<string, unknown>, environment?: 'test' | 'live'): Promise<string>;
  /** Scores every queued conversation with the real pipeline, reading the catalogue afresh. */
  scoreQueued(): Promise<number>;
  /** `/projects/{P}/{E}` for the first project. */
  base(environment?: 'test' | 'live'): string;
}

export async function startPartTwoApp(backend: TestBackend): Promise<PartTwoApp> {
  const t = await startPeopleApp(backend);
  return Object.assign(t, {
    async post(overrides: Record<string, unknown> = {}, environment: 'test' | 'live' = 'test') {
      const response: LightMyRequestResponse = await t.app.inject({
        method: 'POST',
        url: '/v1/conversations',
        headers: {
          ...bearer(environment === 'test' ? t.keys.testFull : t.keys.liveFull),
          'content-type': 'application/json',
        },
        payload: JSON.stringify(conversationBody({ external_id: uniqueExternalId('p2'), ...overrides })),
      });
      expect(response.statusCode, response.body).toBe(202);
      return (response.json() as { id: string }).id;
    },
    async scoreQueued() {
      const catalogue = createCheckCatalogue({
        store: t.store,
        builtins: BUILTIN_CHECKS,
        validateRule: validateCustomRule,
      });
      const handler = scoreConversationHandler({
        store: t.store,
        catalogue,
        scorer: { score: (c, checks) => scoreConversation(c, checks), scorerVersion },
      });
      const queue = createQueue(t.store, handlerRegistry([handler]), { leaseMs: 30_000, backoffMs: () => 0 });
      let scored = 0;
      for (;;) {
        const jobs = await queue.claim('part-two-test', 50);
        if (jobs.length === 0) return scored;
        for (const job of jobs) await handler.run(job);
        scored += jobs.length;
      }
    },
    base(environment: 'test' | 'live' = 'test') {
      return `/projects/${t.projectId}/${environment}`;
    },
  });
}
