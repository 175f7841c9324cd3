/**
 * 5b. Lighthouse mobile scores (its default: Moto G-class emulation, simulated slow 4G) of the home
 * page and a product page, against the local stack, with Debian's chromium, offline (every host
 * but localhost resolves to nothing). Each score is the median of the runs.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../local/src/stack';
import type { Row } from './report';
import { median } from './stats';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Every category, home and product page. */
const LIGHTHOUSE_BUDGET = 98;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
].join(' ');

function runLighthouse(url: string, out: string): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        join(repoRoot, 'node_modules', 'lighthouse', 'cli', 'index.js'),
        url,
        '--output=json',
        `--output-path=${out}`,
        '--quiet',
        `--only-categories=${CATEGORIES.join(',')}`,
        `--chrome-flags=${CHROME_FLAGS}`,
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited ${code}: ${stderr.slice(-500)}`));
      const report = JSON.parse(readFileSync(out, 'utf8')) as {
        categories: Record<string, { score: number | null }>;
        runtimeError?: { message: string };
      };
      if (report.runtimeError) return reject(new Error(`lighthouse: ${report.runtimeError.message}`));
      resolve(
        Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((report.categories[c]?.score ?? 0) * 100)])),
      );
    });
  });
}

export async function lighthouseScores(
  pages: Array<{ name: string; url: string }>,
  opts: { runs: number; log: (line: string) => void },
): Promise<{ rows: Row[]; raw: unknown }> {
  const dir = join(repoRoot, 'bench', 'tmp', 'lighthouse');
  mkdirSync(dir, { recursive: true });
  const rows: Row[] = [];
  const raw: Record<string, Array<Record<string, number>>> = {};
  for (const page of pages) {
    raw[page.name] = [];
    for (let i = 0; i < opts.runs; i++) {
      opts.log(`lighthouse ${page.name} run ${i + 1}/${opts.runs}`);
      raw[page.name]!.push(
        await runLighthouse(page.url, join(dir, `${page.name.replace(/\W+/g, '-')}-${i}.json`)),
      );
    }
    for (const c of CATEGORIES) {
      const score = median(raw[page.name]!.map((r) => r[c]!));
      rows.push({
        section: '5 Lighthouse',
        figure: `${page.name}: ${c}`,
        value: score,
        unit: '',
        budget: `≥ ${LIGHTHOUSE_BUDGET}`,
        pass: score >= LIGHTHOUSE_BUDGET,
      });
    }
  }
  return { rows, raw };
}
