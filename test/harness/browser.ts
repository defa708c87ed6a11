/**
 * A real browser for the application's tests: Debian's chromium driven by playwright-core, headless, with no
 * network beyond the service under test. Every page is watched for what must never happen with attacker text
 * on screen: a dialog, an uncaught error, a CSP refusal, or a request to another origin.
 *
 * Without /usr/bin/chromium the browser suites skip, except under CI=true, where .ci/run installs it and a
 * missing browser fails the run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CQM_CHROMIUM ?? '/usr/bin/chromium';
export const browserAvailable = fs.existsSync(CHROMIUM_PATH);

/** Call at the top of a browser suite: under CI a missing browser is a failure, elsewhere a skip. */
export function requireBrowserUnderCi(): void {
  if (!browserAvailable && process.env.CI === 'true') {
    throw new Error(`CI=true and no browser at ${CHROMIUM_PATH}: .ci/run installs it with apt-get install -y chromium`);
  }
}

/** The same viewport every run, so the README's screenshots stay comparable. */
export const WIDE = { width: 1440, height: 900 };
export const NARROW = { width: 420, height: 860 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // Chromium's own calls home are refused by this machine's closed network; keep it from trying.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** What a page did that the application must never make it do. */
export interface PageWatch {
  dialogs: string[];
  pageErrors: string[];
  consoleErrors: string[];
  /** Requests to any origin but the service's (each one is refused before it leaves). */
  foreignRequests: string[];
}

/**
 * A context bound to one service: requests elsewhere are aborted and recorded, dialogs dismissed and recorded,
 * errors collected. Clipboard access is granted so "Copy" buttons can be used.
 */
export async function openContext(
  browser: Browser,
  baseUrl: string,
  viewport = WIDE,
): Promise<{ context: BrowserContext; watch: PageWatch; newPage(): Promise<Page> }> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl, timezoneId: 'UTC', locale: 'en-GB' });
  // Generous: the whole test run shares two cores, and a wait ends as soon as its condition holds.
  context.setDefaultTimeout(30_000);
  const origin = new URL(baseUrl).origin;
  const watch: PageWatch = { dialogs: [], pageErrors: [], consoleErrors: [], foreignRequests: [] };
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`) || url === origin) return route.continue();
    watch.foreignRequests.push(url);
    return route.abort('blockedbyclient');
  });
  const watchPage = (page: Page) => {
    page.on('dialog', (dialog) => {
      watch.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss().catch(() => {});
    });
    page.on('pageerror', (error) => watch.pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') watch.consoleErrors.push(message.text());
    });
  };
  context.on('page', watchPage);
  return {
    context,
    watch,
    async newPage() {
      const page = await context.newPage();
      return page;
    },
  };
}

/** Where the README's pictures live. */
export const SCREENSHOT_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../docs/screenshots');

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, name), fullPage: false });
}
