/**
 * A conversation whose scoring failed, re-run from the application until it is done. The service runs without
 * its worker (`serve --no-worker`); the test drives the real queue and scoring handler with a scorer that
 * fails every attempt, as an unreachable dependency would, so the conversation ends `failed` after five
 * attempts. Then a real `bin/cqm worker` starts, and the Re-run button takes the conversation to `done`.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlerRegistry } from '../../src/jobs/job-handler.js';
import { createQueue, MAX_ATTEMPTS } from '../../src/jobs/queue.js';
import { scoreConversationHandler } from '../../src/jobs/score-conversation.js';
import { checkCatalogue } from '../../src/main/background.js';
import { scorerVersion } from '../../src/scoring/pipeline.js';
import { openSqliteStore } from '../../src/storage/sqlite/open.js';
import { browserAvailable, launchBrowser, openContext, requireBrowserUnderCi } from '../harness/browser.js';
import { startCqm, stopProcess } from '../harness/processes.js';
import { type AppServer, firstSignIn, postConversation, startAppServer } from './world.js';

requireBrowserUnderCi();

const FAILURE = 'the scoring model answered 502 Bad Gateway';

/** Fails every attempt of every ready scoring job through the real queue, as the worker loop would. */
async function failScoring(dataDir: string): Promise<void> {
  const store = openSqliteStore({ dataDir, synchronous: 'NORMAL', backgroundCheckpoints: false });
  try {
    const handler = scoreConversationHandler({
      store,
      catalogue: checkCatalogue(store),
      scorer: {
        score: () => {
          throw new Error(FAILURE);
        },
        scorerVersion: (check) => scorerVersion(check),
      },
    });
    const queue = createQueue(store, handlerRegistry([handler]), { leaseMs: 30_000, backoffMs: () => 0 });
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const jobs = await queue.claim('browser-test', 10);
      expect(jobs.length).toBe(1);
      for (const job of jobs) await handler.run(job).catch((error) => queue.fail(job, error));
    }
  } finally {
    await store.close();
  }
}

// A browser and a real service take longer than the unit suites' default.
describe.skipIf(!browserAvailable)('re-running a failed conversation', { timeout: 120_000 }, () => {
  let app: AppServer;
  let browser: Browser;
  let page: Page;
  let worker: ReturnType<typeof startCqm> | undefined;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer({ args: ['--no-worker'] }), launchBrowser()]);
    const opened = await openContext(browser, app.server.baseUrl);
    opened.context.setDefaultTimeout(30_000);
    page = await opened.newPage();
    await firstSignIn(page, app.setupLink);
  }, 180_000);

  afterAll(async () => {
    if (worker) await stopProcess(worker);
    await browser?.close();
    await app?.stop();
  });

  it('says why scoring failed, and the Re-run button follows the conversation to done', async () => {
    const posted = await postConversation(app.server.baseUrl, app.firstKey, {
      external_id: 'will-fail-1',
      channel: 'chat',
      agent: { id: 'front-desk', name: 'Front desk' },
      transcript: [
        { speaker: 'user', text: 'Can you tell me when the pharmacy closes today?' },
        { speaker: 'agent', text: 'The pharmacy closes at 9 pm today.' },
        { speaker: 'user', text: 'Thanks!' },
      ],
    });
    await failScoring(app.dataDir);

    await page.goto(posted.dashboard_url);
    const notice = page.getByTestId('failed-notice');
    await notice.waitFor();
    const said = (await notice.textContent()) ?? '';
    expect(said).toContain('Scoring failed');
    expect(said).toContain('502 Bad Gateway');
    expect(said).toContain('5 attempts');
    expect(await page.getByTestId('result').count()).toBe(0);

    worker = startCqm(['worker'], { CQM_DATA_DIR: app.dataDir });
    await notice.getByRole('button', { name: 'Re-run scoring' }).click();
    await page.getByTestId('result').first().waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('failed-notice').count()).toBe(0);
    expect(await page.locator('.conversation-title .badge').first().textContent()).toBe('Done');
  });
});
