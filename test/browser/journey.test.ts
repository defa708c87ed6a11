/**
 * A newcomer's first run, in a real browser against `bin/cqm serve`: sign in by the setup link printed on
 * first start, create a key in the Developers area (shown once), post a conversation with it over HTTP, open
 * its dashboard_url, read the transcript and results, follow a result to its evidence, label it, and try a
 * webhook endpoint with its test event. The README's screenshots are taken here.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  launchBrowser,
  NARROW,
  openContext,
  type PageWatch,
  requireBrowserUnderCi,
  screenshot,
  WIDE,
} from '../harness/browser.js';
import { type Receiver, startReceiver } from '../webhooks/receiver.js';
import {
  type AppServer,
  createKeyInApp,
  firstSignIn,
  OWNER,
  postConversation,
  startAppServer,
  waitUntilScored,
} from './world.js';

requireBrowserUnderCi();

const CONVERSATION = {
  external_id: 'call-2026-11-24-0042',
  channel: 'voice',
  started_at: '2026-11-24T09:12:03Z',
  ended_at: '2026-11-24T09:15:41Z',
  ended_by: 'caller',
  agent: { id: 'front-desk', name: 'Front desk', version: '2.4.1' },
  group: { id: 'clinics', name: 'Clinics' },
  transcript: [
    {
      speaker: 'agent',
      text: 'Thanks for calling Bright Smile Dental, I am the virtual assistant. How can I help?',
      start_ms: 0,
      end_ms: 5200,
    },
    {
      speaker: 'user',
      text: 'Hi, I need to move my cleaning to next week, my daughter is sick.',
      start_ms: 6000,
      end_ms: 10400,
      asr_confidence: 0.94,
    },
    {
      speaker: 'agent',
      text: 'I can help with that. Let me look for a time next week.',
      start_ms: 11000,
      end_ms: 14000,
    },
    { speaker: 'agent', text: 'You are all set, I booked you for Tuesday at 3 pm.', start_ms: 22000, end_ms: 25500 },
    {
      speaker: 'user',
      text: 'Wait, did that go through? This is getting ridiculous, can I speak to a real person please?',
      start_ms: 26000,
      end_ms: 31000,
      asr_confidence: 0.62,
    },
    {
      speaker: 'agent',
      text: 'I am sorry, there is nobody available right now. Is there anything else?',
      start_ms: 31500,
      end_ms: 35000,
    },
    { speaker: 'user', text: 'No. Forget it.', start_ms: 35500, end_ms: 36500 },
  ],
  events: [
    { type: 'tool_call', name: 'book_appointment', status: 'error', at_ms: 15000, error: 'slot no longer free' },
  ],
  metadata: { call_sid: 'CA5e1f0c', caller: { region: 'north', returning: true }, tags: ['reschedule', 'sick-child'] },
};

// A browser and a real service take longer than the unit suites' default.
describe.skipIf(!browserAvailable)('the application in a browser: a first run', { timeout: 120_000 }, () => {
  let app: AppServer;
  let browser: Browser;
  let page: Page;
  let watch: PageWatch;
  let receiver: Receiver;
  let key = '';
  let dashboardUrl = '';

  beforeAll(async () => {
    [app, browser, receiver] = await Promise.all([startAppServer(), launchBrowser(), startReceiver('/hooks')]);
    const opened = await openContext(browser, app.server.baseUrl);
    opened.context.setDefaultTimeout(30_000);
    watch = opened.watch;
    page = await opened.newPage();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await app?.stop();
  });

  it('signs the owner in by the setup link printed on first start', async () => {
    expect(app.setupLink.startsWith(`${app.server.baseUrl}/app/invite/`)).toBe(true);
    await firstSignIn(page, app.setupLink);
    expect(await page.getByTestId('signed-in-user').textContent()).toContain(OWNER.name);
    // The link works once.
    const again = await await page.context().newPage();
    await again.goto(app.setupLink);
    await again.getByText('This link has been used or has expired').waitFor();
    await again.close();
  });

  it('serves the page with a strict Content-Security-Policy and no inline script', async () => {
    const response = await page.goto('/app/test/conversations');
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(await page.locator('script:not([src])').count()).toBe(0);
  });

  it('creates a key in the Developers area and shows its secret only once', async () => {
    key = await createKeyInApp(page, 'test', 'voice gateway');
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.getByTestId('secret-value').count()).toBe(0);
    const row = page.getByTestId('key-row').filter({ hasText: 'voice gateway' });
    await row.waitFor();
    expect(await row.textContent()).not.toContain(key);
    await page.reload();
    await page.getByTestId('key-row').first().waitFor();
    expect(await page.content()).not.toContain(key);
  });

  it("opens a posted conversation's dashboard_url with its transcript, events and results", async () => {
    const posted = await postConversation(app.server.baseUrl, key, CONVERSATION);
    dashboardUrl = posted.dashboard_url;
    expect(dashboardUrl).toBe(`${app.server.baseUrl}/app/test/conversations/${posted.id}`);
    await waitUntilScored(app.server.baseUrl, key, [posted.id]);

    await page.goto(dashboardUrl);
    expect(await page.getByTestId('external-id').textContent()).toBe(CONVERSATION.external_id);
    await page.getByTestId('result').first().waitFor();
    expect(await page.getByTestId('turn').count()).toBe(CONVERSATION.transcript.length);
    // The failed booking call sits between the turn before it (11.0 s) and the one after (22.0 s).
    const order = await page
      .locator('.timeline > li')
      .evaluateAll((items) =>
        items.map((item) => (item.getAttribute('data-testid') === 'timeline-event' ? 'event' : item.id)),
      );
    expect(order.indexOf('event')).toBe(order.indexOf('turn-2') + 1);
    expect(await page.getByText('possibly misheard').count()).toBe(1);
    expect(await page.getByTestId('result').count()).toBeGreaterThan(2);
    await page.getByText('Metadata').click();
    await page.getByText('"CA5e1f0c"').waitFor();
  });

  it('highlights and scrolls to the evidence turns of the result chosen', async () => {
    const withEvidence = page.locator('[data-testid="result"]:not([data-evidence=""])').first();
    const evidence = ((await withEvidence.getAttribute('data-evidence')) ?? '').split(' ').map(Number);
    expect(evidence.length).toBeGreaterThan(0);
    await withEvidence.locator('.result-head').click();
    const highlighted = await page
      .locator('[data-testid="turn"][data-evidence]')
      .evaluateAll((turns) => turns.map((turn) => Number(turn.id.replace('turn-', ''))));
    expect(highlighted).toEqual([...evidence].sort((a, b) => a - b));
    // Scrolled into view: the first evidence turn lies inside the window.
    const first = page.locator(`#turn-${Math.min(...evidence)}`);
    await expect
      .poll(async () => {
        const box = await first.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= WIDE.height;
      })
      .toBe(true);
    await page.evaluate('window.scrollTo(0, 0)');
    await screenshot(page, 'conversation.png');
  });

  it('records a label with a note and shows who gave it and when', async () => {
    const result = page.locator('[data-testid="result"]:not([data-check="outcome"])').first();
    await result.locator('.result-head').click();
    await result.getByRole('button', { name: 'Fail' }).click();
    await result.getByPlaceholder('Note (optional)').fill('The caller asked for a person twice.');
    await result.getByRole('button', { name: 'Save label' }).click();
    const label = result.getByTestId('label').first();
    await label.waitFor();
    const text = (await label.textContent()) ?? '';
    expect(text).toContain('Fail');
    expect(text).toContain('The caller asked for a person twice.');
    expect(text).toContain(OWNER.name);
    await page.reload();
    await page.locator('[data-testid="result"]:not([data-check="outcome"])').first().locator('.result-head').click();
    expect(await page.getByTestId('label').first().textContent()).toContain('The caller asked for a person twice.');
  });

  it('takes the right choice as the label of the outcome result', async () => {
    const outcome = page.locator('[data-testid="result"][data-check="outcome"]');
    await outcome.locator('.result-head').click();
    await outcome.getByLabel('The right answer').selectOption('unresolved');
    await outcome.getByRole('button', { name: 'Save label' }).click();
    await outcome.getByTestId('label').filter({ hasText: 'Unresolved' }).waitFor();
  });

  it('creates a webhook endpoint and shows its test event in the delivery log', async () => {
    await page.goto('/app/test/developers');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByLabel('URL').fill(receiver.url);
    await page.getByLabel('Description (optional)').fill('Local receiver');
    await page.getByRole('checkbox', { name: 'ping' }).check();
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    const secret = (await page.getByTestId('secret-value').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();

    const endpoint = page.getByTestId('endpoint').filter({ hasText: receiver.url });
    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    await receiver.waitFor(1, 15_000);
    await endpoint.getByTestId('delivery-row').filter({ hasText: 'delivered' }).first().waitFor({ timeout: 20_000 });
    expect(await endpoint.getByTestId('attempt').first().textContent()).toContain('200');
    expect(await page.content()).not.toContain(secret);
    await screenshot(page, 'developers.png');
  });

  it('redelivers, rotates the secret after a confirmation, and disables the endpoint', async () => {
    const endpoint = page.getByTestId('endpoint').filter({ hasText: receiver.url });
    const before = receiver.received.length;
    await endpoint.getByRole('button', { name: 'Redeliver' }).first().click();
    await receiver.waitFor(before + 1, 15_000);

    await endpoint.getByRole('button', { name: 'Rotate secret' }).click();
    await endpoint.getByRole('button', { name: 'Rotate', exact: true }).click();
    const rotated = ((await endpoint.getByTestId('secret-value').textContent()) ?? '').trim();
    expect(rotated).toMatch(/^whsec_/);
    await endpoint.getByRole('button', { name: 'Done' }).click();

    await endpoint.getByRole('button', { name: 'Disable' }).click();
    await endpoint.getByText('disabled by a person').waitFor();
    await endpoint.getByRole('button', { name: 'Enable' }).waitFor();
  });

  it('revokes a key after a confirmation, and the API refuses it at once', async () => {
    await page.goto('/app/test/developers');
    const row = page.getByTestId('key-row').filter({ hasText: 'First test key' });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.getByRole('button', { name: 'Revoke key' }).click();
    await row.getByText('revoked').waitFor();
    const refused = await fetch(`${app.server.baseUrl}/v1/conversations/anything`, {
      headers: { Authorization: `Bearer ${app.firstKey}` },
    });
    expect(refused.status).toBe(401);
  });

  it('looks right on a narrow screen', async () => {
    await page.setViewportSize(NARROW);
    await page.goto(dashboardUrl);
    await page.getByTestId('result').first().waitFor();
    await screenshot(page, 'conversation-narrow.png');
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it("shows a label given through the API with the application's, marked as such", async () => {
    await page.setViewportSize(WIDE);
    const id = dashboardUrl.split('/').at(-1);
    const answer = await fetch(`${app.server.baseUrl}/v1/conversations/${id}/feedback`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ check_key: 'ai_disclosure', verdict: 'pass', note: 'Checked by the QA script' }),
    });
    expect(answer.status).toBeLessThan(300);
    await page.goto(dashboardUrl);
    const result = page.locator('[data-testid="result"][data-check="ai_disclosure"]');
    await result.locator('.result-head').click();
    const label = result.getByTestId('label').filter({ hasText: 'Checked by the QA script' });
    expect(await label.textContent()).toContain('through the API');
  });

  it("shows times in the workspace's time zone, which the owner changes in Settings", async () => {
    await page.goto('/app/test/settings');
    await page.getByLabel('Time zone', { exact: true }).selectOption('America/New_York');
    await page.getByRole('button', { name: 'Save time zone' }).click();
    await page.getByTestId('workspace-timezone').filter({ hasText: 'America/New_York' }).waitFor();
    await page.goto(dashboardUrl);
    // Started 09:12:03 UTC is 04:12:03 in New York in November (UTC-5).
    await page.getByText('24 Nov 2026, 04:12:03').waitFor();
  });

  it('shows the sign-in screen after signing out', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/app\/sign-in/);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await screenshot(page, 'sign-in.png');
    // Signed out means the data is gone too: the conversation's address leads back to sign-in.
    await page.goto(dashboardUrl);
    await page.waitForURL(/\/app\/sign-in\?next=/);
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(dashboardUrl);
    expect(await page.getByTestId('external-id').textContent()).toBe(CONVERSATION.external_id);
  });

  it('ran no script, opened no dialog and sent nothing to another origin', () => {
    expect(watch.dialogs).toEqual([]);
    expect(watch.pageErrors).toEqual([]);
    expect(watch.foreignRequests).toEqual([]);
  });
});
