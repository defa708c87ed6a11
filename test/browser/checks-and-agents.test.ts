/**
 * The application's part 2 in Chromium against a real `bin/cqm serve`: a custom check made in the form
 * (an unsafe pattern refused inline, previewed, saved as draft, promoted, edited to version 2), scoped to voice
 * so chats get no result; an agent moved to another group, after which a conversation naming a third group
 * leaves it there (and /v1 group health agrees); an agent with two versions showing two release markers; a
 * health transition in the history. Takes the README's pictures of the Checks page and an agent page.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, openContext, requireBrowserUnderCi, screenshot } from '../harness/browser.js';
import {
  type AppServer,
  acceptInvitation,
  buttonTexts,
  firstSignIn,
  postConversation,
  startAppServer,
  waitUntilScored,
} from './world.js';

requireBrowserUnderCi();

const DAY = 86_400_000;
const at = (msAgo: number) => {
  const end = Date.now() - msAgo;
  return { started_at: new Date(end - 120_000).toISOString(), ended_at: new Date(end).toISOString() };
};

function call(
  externalId: string,
  options: { channel?: 'voice' | 'chat'; version?: string; group?: string; msAgo?: number; says?: string },
) {
  const channel = options.channel ?? 'voice';
  return {
    external_id: externalId,
    channel,
    ...(channel === 'chat' ? { ended_by: 'user' } : {}),
    ...at(options.msAgo ?? 60_000),
    agent: { id: 'front-desk', name: 'Front desk', version: options.version ?? '2.4' },
    group: { id: options.group ?? 'clinics', name: options.group === undefined ? 'Clinics' : options.group },
    transcript: [
      { speaker: 'agent', text: options.says ?? 'Bright Smile Dental, this is an AI assistant. How can I help?' },
      { speaker: 'user', text: 'Can I move my cleaning to Tuesday?' },
      { speaker: 'agent', text: 'Done, you are booked for Tuesday at 3 pm.' },
      { speaker: 'user', text: 'Great, thanks. Bye!' },
    ],
    events: [{ type: 'tool_call', name: 'reschedule_appointment', status: 'success' }],
  };
}

describe.skipIf(!browserAvailable)('checks, agents and groups in the application', () => {
  let app: AppServer;
  let browser: Browser;
  let page: Page;
  let base: string;
  const ids: Record<string, string> = {};

  const api = async (path: string) => {
    const response = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${app.firstKey}` } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const resultKeys = async (id: string) =>
    ((await api(`/v1/conversations/${id}`)).body.results as { check_key: string }[]).map((r) => r.check_key);

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer(), launchBrowser()]);
    base = app.server.baseUrl;
    const opened = await openContext(browser, base);
    opened.context.setDefaultTimeout(30_000);
    page = await opened.newPage();
    await firstSignIn(page, app.setupLink);
    // Front desk: release 2.4 two days ago, 2.5 today; a voice call saying the notice and a chat that does not.
    const posted = [
      await postConversation(base, app.firstKey, call('old-1', { version: '2.4', msAgo: 2 * DAY })),
      await postConversation(base, app.firstKey, call('old-2', { version: '2.4', msAgo: 2 * DAY - 60_000 })),
      await postConversation(
        base,
        app.firstKey,
        call('voice-notice', { version: '2.5', says: 'Hello, this call is recorded. How can I help?' }),
      ),
      await postConversation(base, app.firstKey, call('chat-plain', { version: '2.5', channel: 'chat' })),
    ];
    for (const p of posted) ids[p.id] = p.id;
    ids.voice = posted[2]?.id as string;
    ids.chat = posted[3]?.id as string;
    // A chat agent that says it is a person, twice: at risk, with a transition in its history.
    const risky = [];
    for (const n of [1, 2]) {
      risky.push(
        await postConversation(base, app.firstKey, {
          external_id: `risky-${n}`,
          channel: 'chat',
          ended_by: 'user',
          ...at(30_000),
          agent: { id: 'web-chat', name: 'Web chat', version: '1.0' },
          transcript: [
            { speaker: 'user', text: 'Am I talking to a robot?' },
            { speaker: 'agent', text: 'No, I am a real person, not a bot.' },
          ],
        }),
      );
    }
    await waitUntilScored(
      base,
      app.firstKey,
      [...posted, ...risky].map((p) => p.id),
    );
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('makes a custom check in the form: refused pattern, preview, draft, active, version 2', async () => {
    await page.goto('/app/test/checks');
    await page.getByTestId('new-check').click();
    await page.waitForURL(/\/app\/test\/checks\/new$/);
    const form = page.getByTestId('check-form');
    await form.locator('input[name="key"]').fill('recording_notice');
    await form.locator('input[name="name"]').fill('Recording notice');
    await form.locator('select[name="category"]').selectOption('compliance');
    await form.locator('select[name="severity"]').selectOption('high');

    // An unsafe pattern is refused, with the reason under the pattern field.
    await form.locator('input[name="rule-kind"][value="pattern"]').check();
    await form.locator('input[name="rule-pattern"]').fill('(a+)+');
    await page.getByTestId('try-it').click();
    await expect
      .poll(() => form.locator('.field-error').allTextContents())
      .toEqual(expect.arrayContaining([expect.stringMatching(/exponential time/)]));

    await form.locator('input[name="rule-kind"][value="phrase"]').check();
    await form.locator('select[name="rule-within"]').selectOption('first_turn');
    await form.locator('textarea[name="rule-phrases"]').fill('this call is recorded');
    await page.getByTestId('try-it').click();
    const rows = page.getByTestId('preview-row');
    await expect.poll(() => rows.count()).toBe(6);
    const voiceRow = page.locator(`[data-testid="preview-row"][data-conversation-id="${ids.voice}"]`);
    const chatRow = page.locator(`[data-testid="preview-row"][data-conversation-id="${ids.chat}"]`);
    expect(await voiceRow.getAttribute('data-result')).toBe('pass');
    expect(await chatRow.getAttribute('data-result')).toBe('fail');
    expect(await voiceRow.locator('a').getAttribute('href')).toBe(`/app/test/conversations/${ids.voice}`);

    await page.getByTestId('save-check').click();
    await page.waitForURL(/\/app\/test\/checks\/recording_notice$/);
    await expect.poll(() => page.getByTestId('check-status').first().getAttribute('data-status')).toBe('draft');
    expect(await page.getByTestId('check-version-current').textContent()).toBe('v1');

    await page.getByTestId('status-select').selectOption('active');
    await page.getByTestId('apply-status').click();
    await expect.poll(() => page.getByTestId('check-status').first().getAttribute('data-status')).toBe('active');
    expect(await page.getByTestId('check-version-current').textContent()).toBe('v1');

    await page.getByTestId('edit-check').click();
    await page.locator('textarea[name="rule-phrases"]').fill('this call is recorded\nthis call may be recorded');
    await page.getByTestId('save-check').click();
    await expect.poll(() => page.getByTestId('check-version-current').textContent()).toBe('v2');
    const versions = page.getByTestId('check-version');
    expect(await versions.evaluateAll((items) => items.map((item) => item.getAttribute('data-version')))).toEqual([
      '2',
      '1',
    ]);
    expect(await versions.first().textContent()).toContain('Olivia Owner');
    expect(await versions.first().textContent()).toContain('this call may be recorded');

    await page.goto('/app/test/checks');
    const row = page.locator('[data-testid="check-row"][data-check-key="recording_notice"]');
    await row.waitFor();
    expect(await row.textContent()).toContain('v2');
    await screenshot(page, 'checks.png');
  });

  it('scoping the check to voice gives chats no result for it', async () => {
    await page.goto('/app/test/checks/recording_notice');
    await page.getByTestId('edit-check').click();
    await page.locator('input[name="scope-voice"]').check();
    await page.getByTestId('save-check').click();
    await expect.poll(() => page.getByTestId('check-scope').textContent()).toBe('voice only');
    expect(await page.getByTestId('check-version-current').textContent()).toBe('v3');

    const chat = await postConversation(
      base,
      app.firstKey,
      call('chat-after-scope', { channel: 'chat', version: '2.5' }),
    );
    const voice = await postConversation(base, app.firstKey, call('voice-after-scope', { version: '2.5' }));
    await waitUntilScored(base, app.firstKey, [chat.id, voice.id]);
    expect(await resultKeys(chat.id)).not.toContain('recording_notice');
    expect(await resultKeys(chat.id)).toContain('outcome');
    expect(await resultKeys(voice.id)).toContain('recording_notice');
    await page.goto(`/app/test/conversations/${chat.id}`);
    await page.getByText('Outcome', { exact: false }).first().waitFor();
    expect(await page.locator('main').textContent()).not.toContain('Recording notice');
  });

  it('shows two release markers on the chart of an agent with two versions, and names them', async () => {
    await page.goto('/app/test/agents/front-desk');
    const markers = page.locator('[data-chart="conversations"] [data-release-version]');
    await expect.poll(() => markers.count()).toBe(2);
    expect(
      await markers.evaluateAll((items) => items.map((item) => item.getAttribute('data-release-version'))),
    ).toEqual(['2.4', '2.5']);
    // Every chart carries the same markers.
    expect(await page.locator('[data-release-version="2.5"]').count()).toBe(5);
    const newest = markers.nth(1);
    await newest.hover();
    expect(await newest.getAttribute('title')).toMatch(/^Release 2\.5, first seen \d{4}-\d{2}-\d{2}$/);
    expect(await newest.textContent()).toBe('2.5');
    await page.getByTestId('range-90').click();
    await expect.poll(() => page.locator('[data-chart="conversations"] [data-release-version]').count()).toBe(2);
    await page.getByTestId('range-30').click();
    await expect.poll(() => markers.count()).toBe(2);
    await screenshot(page, 'agent.png');
  });

  it('lists a health transition in an agent’s history', async () => {
    await page.goto('/app/test/agents/web-chat');
    const transitions = page.getByTestId('health-transition');
    await expect.poll(() => transitions.count()).toBeGreaterThanOrEqual(1);
    expect(await transitions.first().getAttribute('data-new-status')).toBe('at_risk');
    expect(await transitions.first().textContent()).toMatch(/AI disclosure/);
    await page.goto('/app/test/home');
    await expect
      .poll(() => page.getByTestId('attention-agent').allTextContents())
      .toEqual(expect.arrayContaining([expect.stringMatching(/Web chat/)]));
  });

  it('moves an agent to another group; a conversation naming a third group leaves it there', async () => {
    await page.goto('/app/test/agents/front-desk');
    await page.getByTestId('group-select').selectOption('__new__');
    await page.locator('input[name="new-group-id"]').fill('front-office');
    await page.locator('input[name="new-group-name"]').fill('Front office');
    await page.getByTestId('move-agent').click();
    await expect.poll(() => page.getByTestId('agent-group').textContent()).toBe('Front office');

    const third = await postConversation(
      base,
      app.firstKey,
      call('third-group', { group: 'third-group', version: '2.5' }),
    );
    await waitUntilScored(base, app.firstKey, [third.id]);
    await page.reload();
    await expect.poll(() => page.getByTestId('agent-group').textContent()).toBe('Front office');
    const health = await api('/v1/groups/front-office/health');
    expect(health.status).toBe(200);
    expect((health.body.agents as { id: string }[]).map((a) => a.id)).toEqual(['front-desk']);
    const clinics = await api('/v1/groups/clinics/health');
    expect((clinics.body.agents as { id: string }[]).map((a) => a.id)).not.toContain('front-desk');

    await page.goto('/app/test/groups/front-office');
    await expect.poll(() => page.getByTestId('group-member').count()).toBe(1);
    expect(await page.getByTestId('group-member').getAttribute('data-agent-id')).toBe('front-desk');
  });

  it('shows a viewer the pages without anything that changes them', async () => {
    const session = await page.request.get('/app/api/session');
    const { csrf_token } = (await session.json()) as { csrf_token: string };
    const invited = await page.request.post('/app/api/invitations', {
      headers: { 'X-CSRF-Token': csrf_token, 'Content-Type': 'application/json' },
      data: { role: 'viewer' },
    });
    expect(invited.status()).toBe(201);
    const { url } = (await invited.json()) as { url: string };
    const opened = await openContext(browser, base);
    opened.context.setDefaultTimeout(30_000);
    const viewer = await opened.newPage();
    await acceptInvitation(viewer, url, {
      email: 'vera@example.com',
      name: 'Vera Viewer',
      password: 'a long viewer password',
    });
    for (const path of ['/app/test/checks', '/app/test/checks/recording_notice', '/app/test/agents/front-desk']) {
      await viewer.goto(path);
      await viewer.locator('main h1').first().waitFor();
      await viewer.waitForLoadState('networkidle');
      const buttons = (await buttonTexts(viewer)).filter((text) => !['Sign out', '30 days', '90 days'].includes(text));
      expect(buttons, path).toEqual([]);
    }
    expect(await viewer.getByTestId('placement').count()).toBe(0);
    await opened.context.close();
  });
});
