/**
 * 5b. Lighthouse mobile scores (its default: Moto G-class emulation, simulated slow 4G) of the home
 * page and a product page, against the local stack, with Debian's chromium, offline (every host
 * but localhost resolves to nothing). Each score is the median of the runs; a page whose runs
 * mostly started on a loaded machine is reported but not judged (JUDGED_LOAD_PER_CORE).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../local/src/stack';
import type { Row } from './report';
import { median } from './stats';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Every category, home and product page. */
const LIGHTHOUSE_BUDGET = 98;
/**
 * Lighthouse simulates a slow phone from the trace it records here: each main-thread task's real
 * time on this machine, multiplied by its CPU slowdown (4). With more runnable processes than
 * cores the page's tasks wait for a core, the wait is counted as the page's work, and performance
 * follows the machine instead of the page (72-74 on a busy run against 96-99 on quiet ones). At
 * 1.5 runnable processes per core (1-minute load average; 3 on the 2 cores here) a task gets two
 * thirds of a core and takes 1.5× its time: the home page's ~60 ms first layout becomes ~90 ms,
 * +120 ms of simulated blocking time for that task alone. Total blocking time weighs 30 % of the
 * score; a shift of that size moves it by a few points, the gap between 96 and 98. The threshold
 * is that reasoning, not a calibration (no run had recorded its load). A page most of whose runs
 * started at or below it is judged: the median of its runs then lies between quiet runs' scores.
 * Otherwise its scores are reported and not judged.
 */
const JUDGED_LOAD_PER_CORE = 1.5;
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
  const maxLoad = JUDGED_LOAD_PER_CORE * cpus().length;
  for (const page of pages) {
    raw[page.name] = [];
    for (let i = 0; i < opts.runs; i++) {
      const load = Math.round(loadavg()[0]! * 100) / 100;
      opts.log(`lighthouse ${page.name} run ${i + 1}/${opts.runs} (load average ${load})`);
      raw[page.name]!.push({
        ...(await runLighthouse(page.url, join(dir, `${page.name.replace(/\W+/g, '-')}-${i}.json`))),
        loadAtStart: load,
      });
    }
    const loads = raw[page.name]!.map((r) => r.loadAtStart!);
    const loaded = loads.filter((l) => l > maxLoad);
    const judged = loaded.length * 2 < loads.length;
    for (const c of CATEGORIES) {
      const score = median(raw[page.name]!.map((r) => r[c]!));
      rows.push({
        section: '5 Lighthouse',
        figure: `${page.name}: ${c}`,
        value: score,
        unit: '',
        budget: `≥ ${LIGHTHOUSE_BUDGET}`,
        ...(judged
          ? { pass: score >= LIGHTHOUSE_BUDGET }
          : {
              notJudged:
                `load ${Math.max(...loaded)} > ${maxLoad}` +
                (loads.length > 1 ? ` at the start of ${loaded.length} of ${loads.length} runs` : ''),
            }),
      });
    }
  }
  return { rows, raw };
}
