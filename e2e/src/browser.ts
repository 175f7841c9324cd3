import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../local/src/stack';

/** Debian's Chromium (apt-get install -y chromium); override with CHROMIUM_PATH. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS_DIR = join(repoRoot, '.e2e-artifacts');

/**
 * Headless Chromium through playwright-core (never `playwright install`). The host resolver rule
 * keeps the browser off the network: only 127.0.0.1 and localhost resolve.
 */
function launchBrowser(opts: { headless?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: opts.headless ?? true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
    ],
  });
}

export const DESKTOP = { width: 1280, height: 800 } as const;

type Viewport = { width: number; height: number };

/**
 * A page in its own context (own storage, so users never leak between tests). The browser's
 * language is English unless a test says otherwise (the shop follows it: 'bn-BD' opens in Bangla).
 */
async function newPage(
  browser: Browser,
  viewport: Viewport = DESKTOP,
  locale = 'en-US',
): Promise<Page> {
  const context = await browser.newContext({ viewport, locale, timezoneId: 'Asia/Dhaka' });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  // Surface page errors in the test output: a crash in the SPA is a failing test, not a mystery.
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
  return page;
}

/**
 * One Chromium for a test file: launched before its tests (register it before any beforeAll that
 * opens a page), closed after them. Returns what opens a page in it.
 */
export function browserForFile(): (viewport?: Viewport, locale?: string) => Promise<Page> {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return (viewport, locale) => newPage(browser!, viewport, locale);
}

/** Save a full-page screenshot to .e2e-artifacts/<name>.png and return its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path, fullPage: true }).catch(() => undefined);
  return path;
}
