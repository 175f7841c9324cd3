/**
 * Writes the demo products' images (web/public/seed/<name>.webp) from their SVG drawings beside
 * them, drawn by Debian's Chromium through playwright-core (no image tools on the build machines).
 * The seed points at the WebP files: a real shop's product images are photos or renders, and an
 * SVG with <text> costs the browser a font set-up on the main thread the first time it paints one.
 * Run `npx tsx web/scripts/make-seed-images.ts` after changing a drawing; the WebP files are committed.
 */
import { chromium } from 'playwright-core';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const seed = join(import.meta.dirname, '..', 'public', 'seed');
/** Twice a product card's width on a phone. */
const SIZE = 320;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const file of readdirSync(seed).filter((f) => f.endsWith('.svg') && !f.startsWith('slide-'))) {
    const svg = readFileSync(join(seed, file), 'utf8');
    const webp = await page.evaluate(
      async ({ svg, size }) => {
        const img = new Image(size, size);
        img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
        await img.decode();
        const canvas = Object.assign(document.createElement('canvas'), { width: size, height: size });
        canvas.getContext('2d')!.drawImage(img, 0, 0, size, size);
        return canvas.toDataURL('image/webp', 0.85);
      },
      { svg, size: SIZE },
    );
    const out = file.replace(/\.svg$/, '.webp');
    const bytes = Buffer.from(webp.split(',')[1]!, 'base64');
    writeFileSync(join(seed, out), bytes);
    console.log(`web/public/seed/${out} (${SIZE}×${SIZE}, ${bytes.length} bytes)`);
  }
} finally {
  await browser.close();
}
