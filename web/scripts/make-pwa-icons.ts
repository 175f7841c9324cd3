/**
 * Writes the install icons of the PWA (web/public/icons/*.png) from web/public/favicon.svg, the only
 * logo the shop has: drawn by Debian's Chromium through playwright-core (no image tools on the build
 * machines). Run `npx tsx web/scripts/make-pwa-icons.ts` after changing the logo; the PNGs are
 * committed. 'any' icons keep the logo's rounded corners on a transparent ground; the maskable and
 * Apple icons fill the square with the logo's violet and keep the letter inside the safe zone (the
 * middle 80 %), because launchers cut their own shape out of them.
 */
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const web = join(import.meta.dirname, '..');
const logo = readFileSync(join(web, 'public/favicon.svg'), 'utf8');
const violet = /fill="(#[0-9a-f]{6})"/i.exec(logo)?.[1] ?? '#7c3aed';
const letter = /<path[^>]*\/>/.exec(logo)?.[0];
if (!letter) throw new Error('favicon.svg has no <path> (the letter) to draw');

/** The letter alone on a full violet square, scaled to fit the maskable safe zone. */
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${violet}"/><g transform="translate(32 32) scale(0.8) translate(-32 -32)">${letter}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  { file: 'maskable-512.png', size: 512, svg: fullBleed },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const src = `data:image/svg+xml;base64,${Buffer.from(icon.svg).toString('base64')}`;
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="${src}" width="${icon.size}" height="${icon.size}" style="display:block"></body></html>`,
    );
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    await page.screenshot({ path: join(web, 'public/icons', icon.file), omitBackground: true });
    await page.close();
    console.log(`web/public/icons/${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
