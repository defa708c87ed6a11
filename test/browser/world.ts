/**
 * What the browser suites share: a real `bin/cqm serve` on an embedded store, a browser, the first sign-in by
 * the setup link it prints, conversations posted over HTTP with a key, and small waits on the service.
 */

import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { tempDir } from '../harness/backends.js';
import { cqmEnv, keysIn, removeDir, type ServerProcess, startServer } from '../harness/cqm-process.js';

export const OWNER = { email: 'owner@example.com', name: 'Olivia Owner', password: 'correct horse battery staple' };

export interface AppServer {
  server: ServerProcess;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  /** The one-time setup link printed on first start. */
  setupLink: string;
  /** The test key printed on first start. */
  firstKey: string;
  stop(): Promise<void>;
}

export async function startAppServer(
  options: { args?: string[]; extraEnv?: Record<string, string> } = {},
): Promise<AppServer> {
  const dataDir = tempDir('cqm-browser-');
  const env = cqmEnv({ dataDir }, { CQM_WEBHOOK_ALLOW_PRIVATE: '1', ...(options.extraEnv ?? {}) });
  const server = await startServer(env, { args: options.args ?? [] });
  const setupLink = await waitForOutput(server, /https?:\/\/\S+\/app\/invite\/[^\s"']+/);
  const firstKey = keysIn(server.stdout())[0];
  if (!firstKey) throw new Error(`no test key printed on first start:\n${server.stdout()}`);
  return {
    server,
    dataDir,
    env,
    setupLink,
    firstKey,
    async stop() {
      await server.stop();
      removeDir(dataDir);
    },
  };
}

async function waitForOutput(server: ServerProcess, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const match = pattern.exec(server.stdout());
    if (match) return match[0];
    if (Date.now() > deadline) throw new Error(`not printed: ${pattern}\n${server.stdout()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Opens the setup link and creates the owner, as a newcomer following the README does. */
export async function firstSignIn(page: Page, setupLink: string, who = OWNER): Promise<void> {
  await page.goto(setupLink);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Your name').fill(who.name);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('Password again').fill(who.password);
  await page.getByRole('button', { name: /Create the owner account|Join the workspace/ }).click();
  await page.waitForURL(/\/app\/test\/conversations/);
  await page.getByTestId('signed-in-user').waitFor();
}

/** Accepts an invitation link in a fresh page (the invitation may fix the email). */
export async function acceptInvitation(
  page: Page,
  link: string,
  who: { email: string; name: string; password: string },
): Promise<void> {
  await page.goto(link);
  const email = page.getByLabel('Email');
  await email.waitFor();
  if (await email.isEditable()) await email.fill(who.email);
  await page.getByLabel('Your name').fill(who.name);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('Password again').fill(who.password);
  await page.getByRole('button', { name: /Join the workspace|Create the owner account/ }).click();
  await page.waitForURL(/\/app\/test\/conversations/);
}

/** Creates a key in the Developers area and reads the secret it shows once. */
export async function createKeyInApp(page: Page, env: 'test' | 'live', name: string, role = 'full'): Promise<string> {
  await page.goto(`/app/${env}/developers`);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Role').selectOption(role);
  await page.getByRole('button', { name: `Create ${env} key` }).click();
  const secret = (await page.getByTestId('secret-value').textContent())?.trim() ?? '';
  expect(secret).toMatch(new RegExp(`^cqm_${env}_[0-9A-Za-z]+$`));
  return secret;
}

export interface Posted {
  id: string;
  dashboard_url: string;
  status: string;
}

export async function postConversation(baseUrl: string, key: string, body: unknown): Promise<Posted> {
  const response = await fetch(`${baseUrl}/v1/conversations`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 201 && response.status !== 202 && response.status !== 200) {
    throw new Error(`POST /v1/conversations answered ${response.status}: ${text}`);
  }
  const { id } = JSON.parse(text) as { id: string };
  // The answer to a POST is {id, status}; the conversation itself carries its dashboard_url.
  const read = await fetch(`${baseUrl}/v1/conversations/${id}`, { headers: { Authorization: `Bearer ${key}` } });
  return (await read.json()) as Posted;
}

/** Waits until the service has scored every conversation given (read with the API key). */
export async function waitUntilScored(baseUrl: string, key: string, ids: string[], timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const pending = new Set(ids);
  while (pending.size > 0) {
    for (const id of [...pending]) {
      const response = await fetch(`${baseUrl}/v1/conversations/${id}`, {
        headers: { Authorization: `Bearer ${key}` },
      });
      const body = (await response.json()) as { status?: string };
      if (body.status === 'done' || body.status === 'failed') pending.delete(id);
    }
    if (pending.size === 0) return;
    if (Date.now() > deadline) throw new Error(`not scored in time: ${[...pending].join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The texts of the buttons a page shows (for "a viewer sees no buttons that change anything"). */
export async function buttonTexts(page: Page): Promise<string[]> {
  return (await page.locator('button:visible, a.btn:visible').allTextContents()).map((text) => text.trim());
}
