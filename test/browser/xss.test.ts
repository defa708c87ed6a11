/**
 * Everything a conversation holds is attacker-controlled. A conversation whose turns, event fields, agent and
 * group names and metadata carry script tags, an image with an onerror handler and javascript: links is
 * shown as text: nothing runs, no dialog opens, no CSP refusal is even needed, and no request leaves.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  launchBrowser,
  openContext,
  type PageWatch,
  requireBrowserUnderCi,
} from '../harness/browser.js';
import { type AppServer, firstSignIn, postConversation, startAppServer, waitUntilScored } from './world.js';

requireBrowserUnderCi();

const SCRIPT = '<script>alert("turn")</script>';
const IMAGE = '<img src=x onerror="alert(\'img\')">';
const LINK = '<a href="javascript:alert(\'link\')">click me</a>';
const OUTSIDE = '<img src="http://evil.example/steal.png">';

const HOSTILE = {
  external_id: `xss-${SCRIPT}`,
  channel: 'chat',
  ended_at: '2026-11-24T10:00:00Z',
  agent: { id: 'xss-agent', name: `Agent ${IMAGE}`, version: `v1 ${SCRIPT}` },
  group: { id: 'xss-group', name: `Group ${LINK}` },
  transcript: [
    { speaker: 'user', text: `Hello ${SCRIPT} can I speak to a person? ${IMAGE}` },
    { speaker: 'agent', text: `Sure, see ${LINK} or javascript:alert(1) ${OUTSIDE}` },
    { speaker: 'user', text: '"><svg onload=alert(2)> {{constructor.constructor("alert(3)")()}}' },
  ],
  events: [
    { type: `tool_call${SCRIPT}`, name: `book ${IMAGE}`, status: `error ${LINK}`, target: 'javascript:alert(4)' },
  ],
  metadata: {
    [`key ${SCRIPT}`]: IMAGE,
    href: 'javascript:alert(5)',
    nested: { html: LINK, list: [SCRIPT, OUTSIDE] },
  },
};

// A browser and a real service take longer than the unit suites' default.
describe.skipIf(!browserAvailable)('a hostile conversation in the browser', { timeout: 120_000 }, () => {
  let app: AppServer;
  let browser: Browser;
  let page: Page;
  let watch: PageWatch;
  let dashboardUrl = '';

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer(), launchBrowser()]);
    const opened = await openContext(browser, app.server.baseUrl);
    opened.context.setDefaultTimeout(30_000);
    watch = opened.watch;
    page = await opened.newPage();
    await firstSignIn(page, app.setupLink);
    const posted = await postConversation(app.server.baseUrl, app.firstKey, HOSTILE);
    dashboardUrl = posted.dashboard_url;
    await waitUntilScored(app.server.baseUrl, app.firstKey, [posted.id]);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows every hostile string as text in the list, the view, the events and the metadata', async () => {
    await page.goto('/app/test/conversations');
    const row = page.getByTestId('conversation-row').first();
    await row.waitFor();
    expect(await row.textContent()).toContain(SCRIPT);

    await page.goto(dashboardUrl);
    await page.getByTestId('result').first().waitFor();
    expect(await page.getByTestId('external-id').textContent()).toBe(HOSTILE.external_id);
    const turns = await page.getByTestId('turn').allTextContents();
    expect(turns[0]).toContain(SCRIPT);
    expect(turns[0]).toContain(IMAGE);
    expect(turns[1]).toContain(LINK);
    expect(await page.getByTestId('timeline-event').first().textContent()).toContain(IMAGE);
    await page.getByTestId('metadata').locator('summary').first().click();
    await page
      .getByTestId('metadata')
      .locator('details')
      .evaluateAll((nodes) => {
        for (const node of nodes) node.setAttribute('open', '');
      });
    expect(await page.getByTestId('metadata').textContent()).toContain(`"${LINK}"`);
    for (const result of await page.getByTestId('result').all()) await result.locator('.result-head').click();
  });

  it('made no element from caller text: no script, image, svg or javascript: link in the page', async () => {
    expect(await page.locator('main script, main img, main svg, main iframe').count()).toBe(0);
    expect(await page.locator('[href^="javascript:" i], [src^="javascript:" i]').count()).toBe(0);
    expect(await page.locator('[onerror], [onload], [onclick]').count()).toBe(0);
  });

  it('ran nothing: no dialog, no script error, no CSP refusal, and no request to another origin', async () => {
    // No image or element with a handler exists (above), so no handler can still be waiting to run.
    expect(watch.dialogs).toEqual([]);
    expect(watch.pageErrors).toEqual([]);
    expect(watch.consoleErrors.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
    expect(watch.foreignRequests).toEqual([]);
  });
});
