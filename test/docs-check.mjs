#!/usr/bin/env node
/**
 * The docs check (part of `npm run lint`): README.md and docs/ say nothing the code contradicts
 * where a machine can tell. For each Markdown file:
 * - every relative link, and every repository path written in backticks (`functions/src/...`),
 *   names a file or folder that exists;
 * - every `npm run <script>` (and `npm test` / `npm start`) names a script of the root
 *   package.json, or of the workspace's with `-w <workspace>`;
 * - a flash-sale buyer count is the bench's (bench/run.ts);
 * - nothing points to a document outside the repository (a design doc, a spec, an issue number):
 *   a reader of the repository cannot open it.
 * Usage: node test/docs-check.mjs [file.md ...]   (default: README.md and docs/**\/*.md)
 * A plain Node script: it runs in well under a second.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');

/** The flash sale's buyer counts, full and quick run, as bench/run.ts passes them. */
export function benchBuyers() {
  const run = readFileSync(join(root, 'bench', 'run.ts'), 'utf8');
  const flash = run.slice(run.indexOf('flashSale('));
  const m = /buyers:\s*quick\s*\?\s*([\d_]+)\s*:\s*([\d_]+)/.exec(flash);
  if (!m) throw new Error('docs-check: no `buyers: quick ? N : M` in the flashSale call of bench/run.ts');
  return { quick: Number(m[1].replaceAll('_', '')), full: Number(m[2].replaceAll('_', '')) };
}

function scriptsOf(dir) {
  const file = join(root, dir, 'package.json');
  return existsSync(file) ? Object.keys(JSON.parse(readFileSync(file, 'utf8')).scripts ?? {}) : undefined;
}

/** Phrases that point outside the repository. */
const OUTSIDE = [
  [/\bDESIGN(?:\.md)?\b/, 'the design document'],
  [/\bdesign doc(?:ument)?\b/i, 'the design document'],
  [/\bSTYLE\.md\b/, 'STYLE.md'],
  [/\bstorefront-spec\b/i, 'the storefront spec'],
  [/\bthe spec(?:'s)?\b/i, 'the spec'],
  [/\bissues? #?\d+/i, 'an issue'],
];

const WORKSPACES = [
  'contract',
  'functions',
  'infra',
  'web',
  'events',
  'local',
  'e2e',
  'bench',
  'test',
  'docs',
];
const REPO_PATH = new RegExp(`^(?:${WORKSPACES.join('|')})/[\\w./@-]*$`);

/** Problems in one Markdown text; `file` is its path (links resolve from its folder). */
export function checkText(file, text, buyers = benchBuyers()) {
  const problems = [];
  const at = (index) => text.slice(0, index).split('\n').length;
  const say = (index, message) => problems.push(`${relative(root, file)}:${at(index)}: ${message}`);
  const here = dirname(file);

  // Relative links: [text](target) and [label]: target.
  for (const m of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)|^\[[^\]]+\]:\s*(\S+)/gm)) {
    const target = (m[1] ?? m[2]).split('#')[0].split('?')[0];
    if (!target || /^[a-z][a-z+.-]*:/i.test(target)) continue;
    const path = target.startsWith('/') ? join(root, target) : join(here, decodeURI(target));
    if (!existsSync(path)) say(m.index, `link to ${target}: no such file`);
  }

  // Repository paths in backticks.
  for (const m of text.matchAll(/`([^`\n]+)`/g)) {
    const path = m[1].replace(/[.,:;]+$/, '').replace(/:\d+$/, '');
    // Build output (web/dist, cdk.out, bench/tmp, ...) exists only after a build or a run.
    if (!REPO_PATH.test(path) || /(^|\/)(dist|cdk\.out|tmp|coverage|\.data)(\/|$)/.test(path)) continue;
    if (!existsSync(join(root, path))) say(m.index, `path ${path}: no such file or folder`);
  }

  // A folder's list of its parts in backticks (`src/features/{catalog,checkout}`): each exists; in
  // the README, the overview of every part, each sub-folder is listed too (docs/ name subsets).
  // The folder is found from the root or from a workspace.
  for (const m of text.matchAll(/`((?:[\w.-]+\/)*)\{([\w-]+(?:,[\w-]+)+)\}\/?`/g)) {
    const base = [root, ...WORKSPACES.map((w) => join(root, w))]
      .map((dir) => join(dir, m[1]))
      .find((dir) => m[1] && existsSync(dir));
    if (!base) continue;
    const names = m[2].split(',');
    for (const name of names)
      if (!existsSync(join(base, name)) && !existsSync(join(base, `${name}.ts`)))
        say(m.index, `${m[1]}${name}: no such file or folder`);
    if (relative(root, file) !== 'README.md') continue;
    for (const e of readdirSync(base, { withFileTypes: true }))
      if (e.isDirectory() && !names.includes(e.name))
        say(m.index, `${relative(root, join(base, e.name))}/ is missing from the list ${m[1]}{...}`);
  }

  // npm scripts.
  for (const m of text.matchAll(
    /\bnpm (run ([\w:.-]+)|test|start)\b((?:\s+(?:-w|--workspace)[ =]([\w@/-]+))?)/g,
  )) {
    const script = m[2] ?? m[1];
    const workspace = m[4]?.replace(/^@khelaghor\//, '');
    const scripts = scriptsOf(workspace ?? '.');
    if (!scripts?.includes(script))
      say(m.index, `npm run ${script}: no such script in ${workspace ? `${workspace}/` : ''}package.json`);
  }

  // The flash sale's buyers: in a sentence (or table cell) about the flash sale, or "the bench (N buyers".
  const counts = new Set([buyers.full, buyers.quick]);
  const number = (s) => Number(s.replaceAll(/[,_]/g, ''));
  for (const sentence of text.matchAll(/[^.|\n]*(?:\n(?!\s*\n)[^.|\n]*)*/g)) {
    const s = sentence[0];
    const flash = /flash[ -]sale/i.test(s);
    for (const m of s.matchAll(/(\d[\d,_]*)[ -](?:wallet |concurrent )?buyers?\b/gi)) {
      const aboutBench = /bench(?:'s)?\W+(?:\w+\W+){0,2}$/i.test(s.slice(0, m.index));
      if ((flash || aboutBench) && !counts.has(number(m[1])))
        say(
          sentence.index + m.index,
          `${m[0]}: the bench's flash sale has ${buyers.full.toLocaleString('en')} buyers (bench/run.ts)`,
        );
    }
  }

  // The list of areas (docs/architecture.md): every route file of contract/src/routes, no other.
  const list = /One area name runs through every floor[^]*?(?:\n\n|$)/.exec(text);
  if (list) {
    const areas = readdirSync(join(root, 'contract', 'src', 'routes'))
      .filter((f) => f.endsWith('.ts') && f !== 'index.ts' && !f.endsWith('.test.ts'))
      .map((f) => f.slice(0, -3));
    const named = new Set([...list[0].matchAll(/`(?:[\w/.-]*\/)?([a-z-]+)(?:\.ts|\/)?`/g)].map((m) => m[1]));
    for (const area of areas)
      if (!named.has(area))
        say(list.index, `area ${area} (contract/src/routes/${area}.ts) is missing from the list`);
    for (const name of named)
      if (!areas.includes(name) && !['routes', 'handlers', 'use-cases', 'domain', 'db'].includes(name))
        say(list.index, `area ${name} is listed but contract/src/routes/${name}.ts does not exist`);
  }

  // Documents outside the repository.
  for (const [pattern, what] of OUTSIDE)
    for (const m of text.matchAll(new RegExp(pattern.source, `${pattern.flags}g`)))
      say(
        m.index,
        `"${m[0]}" points to ${what}, which is not in the repository: say what it says, or link a file here`,
      );

  return problems;
}

function markdownFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdownFiles(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
  );
}

if (process.argv[1] && resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  const args = process.argv.slice(2).map((f) => resolve(f));
  const files = args.length ? args : [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))];
  const buyers = benchBuyers();
  const problems = files.flatMap((f) => checkText(f, readFileSync(f, 'utf8'), buyers));
  for (const p of problems) console.error(p);
  console.log(`docs check: ${files.length} files, ${problems.length} problem(s)`);
  process.exit(problems.length ? 1 : 0);
}
