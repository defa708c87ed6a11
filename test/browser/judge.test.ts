/**
 * The judge in the application, in Chromium against a real `bin/cqm serve` and a local Chat Completions server:
 * a plain-language check made in the form says on the Checks page why it yields nothing without a judge; the
 * judge connected in Settings (the key never shown again), tested (the form it answers in shown); conversations
 * judged, labelled by people, and the check's agreement on its page; its promotion refused below the bar, then
 * made by the owner with a written reason kept in its history. Takes the README's picture of a check's agreement.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, openContext, requireBrowserUnderCi, screenshot } from '../harness/browser.js';
import { type JudgeServer, startJudgeServer } from '../harness/judge-server.js';
import { type AppServer, firstSignIn, postConversation, startAppServer, waitUntilScored } from './world.js';

requireBrowserUnderCi();

const QUESTION = "Did the agent verify the caller's date of birth before discussing lab results?";
const API_KEY = 'sk-browser-test-0123456789';

function call(externalId: string, says: string) {
  const end = Date.now() - 60_000;
  return {
    external_id: externalId,
    channel: 'voice',
    started_at: new Date(end - 120_000).toISOString(),
    ended_at: new Date(end).toISOString(),
    agent: { id: 'lab-line', name: 'Lab results line', version: '1.0' },
    transcript: [
      { speaker: 'agent', text: 'Riverside Clinic lab line, this is an AI assistant. How can I help?' },
      { speaker: 'user', text: 'I am calling about my blood test results.' },
      { speaker: 'agent', text: says },
      { speaker: 'user', text: 'Thanks, bye.' },
    ],
  };
}

describe.skipIf(!browserAvailable)('the judge in the application', () => {
  let judge: JudgeServer;
  let app: AppServer;
  let browser: Browser;
  let page: Page;
  let base: string;

  beforeAll(async () => {
    judge = await startJudgeServer();
    // This endpoint has no JSON schema mode: the test finds JSON mode.
    judge.supportForms(['json_object', 'tools']);
    [app, browser] = await Promise.all([startAppServer(), launchBrowser()]);
    base = app.server.baseUrl;
    const opened = await openContext(browser, base);
    page = await opened.newPage();
    await firstSignIn(page, app.setupLink);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await judge?.close();
  });

  it('makes a plain-language check, which says why it yields nothing without a judge', async () => {
    await page.goto('/app/test/checks/new');
    const form = page.getByTestId('check-form');
    await form.locator('input[name="key"]').fill('dob_verified');
    await form.locator('input[name="name"]').fill('Date of birth verified');
    await page.getByLabel('Plain language (judge)').check();
    await form.locator('textarea[name="judge_question"]').fill(QUESTION);
    await page.getByTestId('save-check').click();
    await page.waitForURL(/\/app\/test\/checks\/dob_verified$/);
    expect(await page.getByTestId('check-question').textContent()).toContain(QUESTION);
    expect(await page.getByTestId('judge-unavailable-reason').textContent()).toMatch(/No judge is connected/);

    await page.goto('/app/test/checks');
    const row = page.locator('[data-testid="check-row"][data-check-key="dob_verified"]');
    await row.waitFor();
    expect(await row.getByTestId('judge-unavailable').textContent()).toMatch(/no result.*No judge is connected/);
  });

  it('connects the judge in Settings, keeps the key write-only, and tests which form it answers in', async () => {
    await page.goto('/app/test/settings');
    const panel = page.getByTestId('judge-settings');
    await panel.getByLabel('Base URL').fill(judge.baseUrl);
    await panel.getByLabel('Model').fill('judge-small');
    await panel.getByLabel('API key').fill(API_KEY);
    await panel.getByLabel('Daily cap (calls)').fill('200');
    await page.getByTestId('save-judge').click();
    await expect.poll(() => page.getByTestId('judge-key-state').textContent()).toMatch(/a key is stored/);
    expect(await panel.getByLabel('API key').inputValue()).toBe('');
    expect(await page.content()).not.toContain(API_KEY);
    expect(await page.getByTestId('judge-usage').textContent()).toMatch(/^0 of 200/);

    await page.getByTestId('test-judge').click();
    await expect.poll(() => page.getByTestId('judge-test-result').textContent()).toMatch(/JSON mode/);
    expect(await page.getByTestId('judge-form').textContent()).toMatch(/JSON mode/);
    expect(judge.calls.at(-1)?.authorization).toBe(`Bearer ${API_KEY}`);
    expect(await page.content()).not.toContain(API_KEY);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'judge-settings.png');
  });

  it('shows the check’s agreement with people’s labels, refuses promotion below the bar, takes an owner’s reason', async () => {
    const posted = [
      await postConversation(base, app.firstKey, call('dob-1', 'Can you confirm your date of birth first?')),
      await postConversation(base, app.firstKey, call('dob-2', 'Thanks, your date of birth matches. Results are in.')),
      await postConversation(base, app.firstKey, call('dob-3', 'Your results are normal.')),
    ];
    await waitUntilScored(
      base,
      app.firstKey,
      posted.map((p) => p.id),
    );
    // People label: the judge passed all three; they agree on two and not on the third.
    for (const [p, verdict] of [
      [posted[0], 'pass'],
      [posted[1], 'pass'],
      [posted[2], 'fail'],
    ] as const) {
      const response = await fetch(`${base}/v1/conversations/${p?.id}/feedback`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${app.firstKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ check_key: 'dob_verified', verdict }),
      });
      expect(response.status, await response.text()).toBeLessThan(300);
    }

    await page.goto('/app/test/checks/dob_verified');
    await expect.poll(() => page.getByTestId('agreement-labelled').textContent()).toMatch(/^3/);
    expect(await page.getByTestId('agreement-accuracy').textContent()).toBe('67%');
    const matrix = page.getByTestId('confusion-matrix');
    expect(await matrix.textContent()).toContain('fail');
    expect(await page.getByTestId('agreement-split').textContent()).toContain('the judge');
    await page.getByTestId('agreement-period').selectOption('7');
    await expect.poll(() => page.getByTestId('agreement-labelled').textContent()).toMatch(/^3/);
    await page.getByTestId('agreement-period').selectOption('');

    await page.getByTestId('promote').click();
    await expect
      .poll(() => page.getByTestId('promotion-refused').textContent())
      .toMatch(/cannot alert yet: 3 labelled results; at least 20 are needed/);
    await page
      .getByLabel('Why it should alert anyway (owner)')
      .fill('Checked 30 calls by hand with the compliance lead.');
    await page.getByTestId('promote-override').click();
    await expect.poll(() => page.getByTestId('check-status').first().getAttribute('data-status')).toBe('active');
    await expect
      .poll(() => page.getByTestId('status-history').textContent())
      .toContain('Checked 30 calls by hand with the compliance lead.');
    // The picture: the check's question and status at the top, its agreement and the override below.
    await page.evaluate('window.scrollTo(0, 0)');
    await screenshot(page, 'judge.png');
  });
});
