/**
 * 5c. The first screen of a phone: where the home page's first product card starts at 360x640 (a
 * buyer must see a game without scrolling). Layout only, so no throttling: Debian's chromium
 * through playwright-core, offline like the Lighthouse runs.
 */
import { chromium } from 'playwright-core';
import type { Row } from './report';

export async function firstScreen(url: string): Promise<{ rows: Row[]; raw: unknown }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 360, height: 640 }, locale: 'en-US' });
    await page.goto(url);
    const card = page.locator('#products a[href^="/product/"]').first();
    await card.waitFor({ state: 'visible', timeout: 30_000 });
    const top = Math.round((await card.boundingBox())!.y);
    return {
      rows: [
        {
          section: '5 Lighthouse',
          figure: 'first product card top at 360×640',
          value: top,
          unit: 'px',
          budget: '< 640 px',
          pass: top < 640,
        },
      ],
      raw: { firstCardTop: top },
    };
  } finally {
    await browser.close();
  }
}
