import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../local/src/stack';

const ARTIFACTS_DIR = join(repoRoot, '.e2e-artifacts');

export const DESKTOP = { width: 1280, height: 800 } as const;

type Viewport = { width: number; height: number };

/**
 * A page in its own context (own storage, so users never leak between tests). The browser's
 * language is English unless a test says otherwise (the shop follows it: 'bn-BD' opens in Bangla).
 */
async function newPage(browser: Browser, viewport: Viewport = DESKTOP, locale = 'en-US'): Promise<Page> {
  const context = await browser.newContext({ viewport, locale, timezoneId: 'Asia/Dhaka' });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  // Surface page errors in the test output: a crash in the SPA is a failing test, not a mystery.
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
  return page;
}

/**
 * The run's Chromium for a test file: connected before its tests (register it before any beforeAll
 * that opens a page); after them the file's contexts are closed and the connection with them.
 * Returns what opens a page in it.
 */
export function browserForFile(): (viewport?: Viewport, locale?: string) => Promise<Page> {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.connect(inject('browserEndpoint'));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return (viewport, locale) => newPage(browser!, viewport, locale);
}

/**
 * Save a full-page screenshot to .e2e-artifacts/<name>.png and return its path. The pictures of
 * pages that worked are for people looking at a run here: CI keeps no artifacts, so with
 * E2E_SCREENSHOTS=failures (.ci/run) only the shots taken when something failed are made.
 */
export async function screenshot(
  page: Page,
  name: string,
  kind: 'record' | 'failure' = 'record',
): Promise<string | undefined> {
  if (kind === 'record' && process.env.E2E_SCREENSHOTS === 'failures') return undefined;
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path, fullPage: true }).catch(() => undefined);
  return path;
}
