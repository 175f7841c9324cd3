/**
 * 5. SPA: the initial JavaScript of each customer route, from web/dist/index.html and the Vite
 * manifest (web/dist/.vite/manifest.json), gzip-sized; the admin chunk's own size and proof that it
 * is outside every customer route's initial graph.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from '../../local/src/stack';
import type { Row } from './report';
import { round } from './stats';

interface Chunk {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

const dist = join(repoRoot, 'web', 'dist');
const manifestFile = join(dist, '.vite', 'manifest.json');
/**
 * The home page's first JavaScript with both languages available: the entry (no strings)
 * and the first screen's strings in the visitor's language; the other language loads on a switch.
 */
const HOME_BUDGET_KB = 110;
const INITIAL_BUDGET_KB = 170;

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (!entry.name.includes('.test.')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** Build web/dist when it has no manifest or is older than its sources (what `npm run build:web` makes). */
export function ensureSpaBuild(log: (line: string) => void): void {
  const web = join(repoRoot, 'web');
  const newest = Math.max(
    newestSource(join(web, 'src')),
    newestSource(join(web, 'public')),
    ...['vite.config.ts', 'index.html'].map((f) => statSync(join(web, f)).mtimeMs),
  );
  const stale = !existsSync(manifestFile) || statSync(manifestFile).mtimeMs < newest;
  if (!stale) return;
  log('building the SPA (web/dist is missing or older than its sources)');
  execFileSync('npm', ['run', 'build:web'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
}

const gzipKb = (files: Iterable<string>) => {
  let bytes = 0;
  for (const f of files) bytes += gzipSync(readFileSync(join(dist, f)), { level: 9 }).length;
  return round(bytes / 1024, 1);
};

export function spaSize(): { rows: Row[]; raw: unknown } {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const i of chunk.imports ?? []) closure(i, into);
    return into;
  };

  // What the browser fetches before anything runs: index.html's module scripts and modulepreloads.
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const fromHtml = [
    ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('no entry in the Vite manifest');
  const entry = closure(entryKey, new Set(fromHtml));
  // The first screen's strings come as one small chunk in the visitor's language (src/first-screen-{en,bn}.ts).
  const strings = (locale: 'en' | 'bn') => {
    const key = `src/first-screen-${locale}.ts`;
    if (!manifest[key]) throw new Error(`no ${key} in the Vite manifest`);
    return new Set([...entry, ...closure(key, new Set(entry))]);
  };
  const homeEn = strings('en');
  const homeBn = strings('bn');

  // The customer routes' lazy pages (App.tsx); the admin's are measured apart below.
  // (A page a codeSplitting group captured, web/vite.config.ts, is the chunk named after it.)
  const pages = Object.keys(manifest).filter(
    (k) =>
      !k.includes('/admin/') &&
      (/(?:-page|-route)\.tsx$/.test(k) ? manifest[k]!.isDynamicEntry : /^_[\w-]+-page-/.test(k)),
  );
  // A lazy page in Bangla, the larger of the two languages.
  const routes = [
    { name: 'home (/)', files: homeBn },
    ...pages.map((k) => ({
      name: manifest[k]!.name ?? k.replace(/^.*\//, '').replace(/\.tsx?$/, ''),
      files: closure(k, new Set(homeBn)),
    })),
  ].map((r) => ({ ...r, kb: gzipKb(r.files) }));
  const homeEnKb = gzipKb(homeEn);
  const largest = routes.reduce((a, b) => (b.kb > a.kb ? b : a));

  const adminKey = Object.keys(manifest).find((k) => k.endsWith('admin/admin-app.tsx'));
  const adminFile = adminKey ? manifest[adminKey]!.file : undefined;
  const adminOnly = adminKey ? [...closure(adminKey)].filter((f) => !entry.has(f)) : [];
  const adminInInitial = routes.filter((r) => adminFile && r.files.has(adminFile)).map((r) => r.name);
  const section = '5 SPA';
  const product = routes.find((r) => r.name === 'product-page');
  const rows: Row[] = [
    {
      section,
      figure: 'initial JS, home, in Bangla (gzip)',
      value: routes[0]!.kb,
      unit: 'KB',
      budget: `≤ ${HOME_BUDGET_KB} KB`,
      pass: routes[0]!.kb <= HOME_BUDGET_KB,
    },
    {
      section,
      figure: 'initial JS, home, in English (gzip)',
      value: homeEnKb,
      unit: 'KB',
      budget: `≤ ${HOME_BUDGET_KB} KB`,
      pass: homeEnKb <= HOME_BUDGET_KB,
    },
    ...(product
      ? [
          {
            section,
            figure: 'initial JS, product page (gzip)',
            value: product.kb,
            unit: 'KB',
            budget: `≤ ${INITIAL_BUDGET_KB} KB`,
            pass: product.kb <= INITIAL_BUDGET_KB,
          },
        ]
      : []),
    {
      section,
      figure: `largest customer route (${largest.name}, gzip)`,
      value: largest.kb,
      unit: 'KB',
      budget: `≤ ${INITIAL_BUDGET_KB} KB`,
      pass: largest.kb <= INITIAL_BUDGET_KB,
    },
    {
      section,
      figure: 'admin chunk + its own imports (gzip)',
      value: gzipKb(adminOnly),
      unit: 'KB',
      budget: '',
    },
    {
      section,
      figure: 'admin chunk outside the initial graphs',
      value: adminFile
        ? adminInInitial.length
          ? `no: ${adminInInitial.join(', ')}`
          : 'yes'
        : 'no admin chunk',
      unit: '',
      budget: 'separate',
      pass: Boolean(adminFile) && adminInInitial.length === 0,
    },
  ];
  return { rows, raw: routes.map((r) => ({ route: r.name, gzipKb: r.kb, files: [...r.files] })) };
}
