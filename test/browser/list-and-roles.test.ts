/**
 * The conversation list as a supervisor uses it (filters, pagination), the Test/Live switch never mixing
 * the two environments, and a viewer who can read everything and change nothing.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  launchBrowser,
  NARROW,
  openContext,
  requireBrowserUnderCi,
  screenshot,
  WIDE,
} from '../harness/browser.js';
import {
  type AppServer,
  acceptInvitation,
  buttonTexts,
  createKeyInApp,
  firstSignIn,
  postConversation,
  startAppServer,
  waitUntilScored,
} from './world.js';

requireBrowserUnderCi();

/** Waits until the list shows exactly this many rows. */
async function rowCount(page: Page, count: number): Promise<void> {
  await expect.poll(() => page.getByTestId('conversation-row').count(), { timeout: 15_000 }).toBe(count);
}

const TEST_COUNT = 57;

function conversation(i: number, overrides: Record<string, unknown> = {}) {
  const frustrated = i % 4 === 0;
  // Two agents; conversations spread over three days (the 20th, 21st and 22nd of November).
  const day = 20 + (i % 3);
  return {
    external_id: `test-call-${String(i).padStart(3, '0')}`,
    channel: i % 2 === 0 ? 'voice' : 'chat',
    started_at: `2026-11-${day}T10:${String(i % 60).padStart(2, '0')}:00Z`,
    ended_at: `2026-11-${day}T10:${String(i % 60).padStart(2, '0')}:45Z`,
    ended_by: 'caller',
    agent:
      i % 3 === 0
        ? { id: 'billing', name: 'Billing bot', version: '1.2' }
        : { id: 'front-desk', name: 'Front desk', version: '3.0' },
    group: { id: 'support', name: 'Support' },
    transcript: frustrated
      ? [
          { speaker: 'agent', text: 'Hello, this is the virtual assistant of Northside Plumbing. How can I help?' },
          { speaker: 'user', text: 'This is ridiculous, nobody has called me back. Let me talk to a human right now!' },
          { speaker: 'agent', text: 'I am sorry, I cannot transfer you. Is there anything else?' },
          { speaker: 'user', text: 'Useless. Goodbye.' },
        ]
      : [
          { speaker: 'agent', text: 'Hello, this is the virtual assistant of Northside Plumbing. How can I help?' },
          { speaker: 'user', text: 'What time do you open on Saturday?' },
          { speaker: 'agent', text: 'We open at 8 am on Saturdays.' },
          { speaker: 'user', text: 'Great, thank you!' },
        ],
    ...overrides,
  };
}

// A browser and a real service take longer than the unit suites' default.
describe.skipIf(!browserAvailable)(
  'the conversation list, the Test/Live switch and a viewer',
  { timeout: 120_000 },
  () => {
    let app: AppServer;
    let browser: Browser;
    let page: Page;

    beforeAll(async () => {
      [app, browser] = await Promise.all([startAppServer(), launchBrowser()]);
      const opened = await openContext(browser, app.server.baseUrl);
      opened.context.setDefaultTimeout(30_000);
      page = await opened.newPage();
      await firstSignIn(page, app.setupLink);
      const liveKey = await createKeyInApp(page, 'live', 'live gateway');
      const ids: string[] = [];
      for (let i = 0; i < TEST_COUNT; i++)
        ids.push((await postConversation(app.server.baseUrl, app.firstKey, conversation(i))).id);
      const liveIds: string[] = [];
      for (let i = 0; i < 3; i++) {
        const body = conversation(i, {
          external_id: `live-call-${i}`,
          agent: { id: 'live-only', name: 'Live only agent' },
        });
        liveIds.push((await postConversation(app.server.baseUrl, liveKey, body)).id);
      }
      await waitUntilScored(app.server.baseUrl, app.firstKey, ids);
      await waitUntilScored(app.server.baseUrl, liveKey, liveIds);
    }, 180_000);

    afterAll(async () => {
      await browser?.close();
      await app?.stop();
    });

    const rows = () => page.getByTestId('conversation-row');
    const externalIds = async () => (await rows().locator('td:nth-child(2)').allTextContents()).map((t) => t.trim());

    it('lists newest first, fifty at a time, and loads the rest by the cursor', async () => {
      await page.goto('/app/test/conversations');
      await rows().nth(49).waitFor();
      expect(await rows().count()).toBe(50);
      const first = await externalIds();
      // Newest first: the 22nd before the 21st before the 20th.
      expect(first[0]).toMatch(/^test-call-/);
      // Waiting for the fiftieth row scrolls it into view; the picture shows the list as it opens, filters first.
      await page.mouse.wheel(0, -100_000);
      await page.waitForFunction(() => (globalThis as unknown as { scrollY: number }).scrollY === 0);
      await screenshot(page, 'conversations.png');
      await page.getByRole('button', { name: 'Load more' }).click();
      await rows()
        .nth(TEST_COUNT - 1)
        .waitFor();
      expect(await rows().count()).toBe(TEST_COUNT);
      expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
      const all = await externalIds();
      expect(new Set(all).size).toBe(TEST_COUNT);
      expect(all.some((id) => id.startsWith('live-'))).toBe(false);
    });

    it('filters by agent, by status, by outcome, by a failed check and by the days it ended', async () => {
      await page.goto('/app/test/conversations');
      await rows().first().waitFor();
      await page.getByLabel('Agent').selectOption('billing');
      await page.waitForURL(/agent=billing/);
      await rowCount(page, 19);
      for (const agent of await rows().locator('td:nth-child(3)').allTextContents())
        expect(agent).toContain('Billing bot');

      // Days are whole days in the workspace time zone: the 21st holds i % 3 === 1, nineteen of them.
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await rowCount(page, 50);
      await page.getByLabel('Ended from').fill('2026-11-21');
      await page.getByLabel('to', { exact: true }).fill('2026-11-21');
      await page.waitForURL(/from=2026-11-21/);
      await expect
        .poll(async () => {
          const ended = await rows().locator('td:first-child').allTextContents();
          return ended.length > 0 && ended.every((cell) => cell.includes('21 Nov'));
        })
        .toBe(true);
      await rowCount(page, 19);

      await page.getByRole('button', { name: 'Clear filters' }).click();
      await page.getByLabel('Failed check').selectOption('person_request_honored');
      await page.waitForURL(/check=person_request_honored/);
      await rows().first().waitFor();
      for (const chips of await rows().locator('td.failed-checks').all()) {
        expect(await chips.locator('[title="person_request_honored"]').count()).toBe(1);
      }
      const failing = await rows().count();
      expect(failing).toBeGreaterThan(0);
      expect(failing).toBeLessThan(TEST_COUNT);

      await page.getByRole('button', { name: 'Clear filters' }).click();
      await page.getByLabel('Status').selectOption('done');
      await page.getByLabel('Outcome').selectOption('resolved');
      await page.waitForURL(/outcome=resolved/);
      await rows().first().waitFor();
      for (const cell of await rows().locator('td:nth-child(6)').allTextContents()) expect(cell).toBe('Resolved');
    });

    it('fits a narrow screen: the table scrolls inside its frame, the page never sideways', async () => {
      for (const path of ['/app/test/conversations', '/app/test/developers', '/app/test/settings']) {
        await page.setViewportSize(NARROW);
        await page.goto(path);
        await page.locator('table').first().waitFor();
        const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
      await page.goto('/app/test/conversations');
      await rows().first().waitFor();
      await screenshot(page, 'conversations-narrow.png');
      await page.setViewportSize(WIDE);
    });

    it('finds one conversation by its external id', async () => {
      await page.goto('/app/test/conversations');
      await page.getByPlaceholder('Look up by external id').fill('test-call-007');
      await page.getByRole('button', { name: 'Find' }).click();
      await page.waitForURL(/external_id=test-call-007/);
      await rowCount(page, 1);
      expect(await externalIds()).toEqual(['test-call-007']);
    });

    it('switches to Live and shows only live data, and back', async () => {
      await page.goto('/app/test/conversations');
      await rows().first().waitFor();
      await page.getByTestId('env-live').click();
      await page.waitForURL(/\/app\/live\/conversations/);
      await rowCount(page, 3);
      expect((await externalIds()).sort()).toEqual(['live-call-0', 'live-call-1', 'live-call-2']);
      await page.getByLabel('Agent').locator('option').first().waitFor({ state: 'attached' });
      const agents = await page.getByLabel('Agent').locator('option').allTextContents();
      expect(agents).toEqual(['All', 'Live only agent']);

      // A test conversation's address under /live is not found there.
      await page.goto('/app/test/conversations');
      await rows().first().locator('a').click();
      await page.waitForURL(/\/app\/test\/conversations\/conv_/);
      const testUrl = page.url();
      await page.goto(testUrl.replace('/app/test/', '/app/live/'));
      await page.getByText('No conversation').waitFor();

      await page.goto('/app/live/developers');
      await page.getByTestId('key-row').first().waitFor();
      const keyRows = await page.getByTestId('key-row').allTextContents();
      expect(keyRows.every((row) => row.includes('cqm_live_'))).toBe(true);
      await page.getByTestId('env-test').click();
      await page.waitForURL(/\/app\/test\/developers/);
      await page.getByTestId('key-row').first().waitFor();
      expect((await page.getByTestId('key-row').allTextContents()).every((row) => row.includes('cqm_test_'))).toBe(
        true,
      );
    });

    it('lets a viewer read everything and shows them no button that changes anything', async () => {
      await page.goto('/app/test/settings');
      await page.getByRole('form', { name: 'Invite someone' }).getByLabel('Role').selectOption('viewer');
      await page.getByRole('button', { name: 'Make invitation link' }).click();
      const link = ((await page.getByTestId('secret-value').textContent()) ?? '').trim();
      expect(link).toContain('/app/invite/');

      const viewerContext = await openContext(browser, app.server.baseUrl);
      viewerContext.context.setDefaultTimeout(30_000);
      const viewer = await viewerContext.newPage();
      await acceptInvitation(viewer, link, {
        email: 'viewer@example.com',
        name: 'Vera Viewer',
        password: 'a long viewer password',
      });
      expect(await viewer.getByTestId('signed-in-user').textContent()).toContain('viewer');

      const reading = ['Sign out', 'Load more', 'Find', 'Clear filters', 'API reference (/docs)'];
      await viewer.goto('/app/test/conversations');
      await viewer.getByTestId('conversation-row').first().waitFor();
      expect((await buttonTexts(viewer)).filter((text) => !reading.includes(text))).toEqual([]);

      await viewer.getByTestId('conversation-row').first().locator('a').click();
      await viewer.getByTestId('result').first().waitFor();
      for (const result of await viewer.getByTestId('result').all()) await result.locator('.result-head').click();
      const onView = (await buttonTexts(viewer)).filter((text) => !reading.includes(text));
      const resultNames = (await viewer.locator('.result-head').allTextContents()).map((t) => t.trim());
      expect(onView.filter((text) => !resultNames.includes(text))).toEqual([]);
      for (const name of ['Re-run scoring', 'Save label', 'Pass', 'Fail']) {
        expect(await viewer.getByRole('button', { name, exact: true }).count()).toBe(0);
      }

      await viewer.goto('/app/test/developers');
      await viewer.getByTestId('key-row').first().waitFor();
      expect((await buttonTexts(viewer)).filter((text) => !reading.includes(text))).toEqual([]);

      await viewer.goto('/app/test/settings');
      await viewer.getByTestId('member-row').first().waitFor();
      const onSettings = (await buttonTexts(viewer)).filter((text) => !reading.includes(text));
      expect(onSettings).toEqual(['Change password']);
      expect(await viewer.locator('select').count()).toBe(1); // the project picker only
      await viewerContext.context.close();
    });
  },
);
