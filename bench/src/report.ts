import { readFileSync, writeFileSync, existsSync } from 'node:fs';

/** One line of the table: a figure, its budget (if any) and the verdict. */
export interface Row {
  section: string;
  figure: string;
  value: number | string;
  unit: string;
  /** Human-readable budget, e.g. "≤ 50 ms"; empty for figures without one. */
  budget: string;
  /** undefined = informational only, or not judged (below). */
  pass?: boolean;
  /** Why a figure with a budget was not judged this run (pass stays undefined), e.g. the load. */
  notJudged?: string;
  note?: string;
}

function verdict(row: Row): string {
  if (row.pass === undefined) return row.notJudged ? `not judged (${row.notJudged})` : 'info';
  return row.pass ? 'PASS' : 'FAIL';
}

function cells(row: Row): string[] {
  const value = typeof row.value === 'number' ? String(row.value) : row.value;
  return [
    row.section,
    row.figure,
    `${value}${row.unit ? ` ${row.unit}` : ''}`,
    row.budget || '-',
    verdict(row),
  ];
}

export function textTable(rows: Row[]): string {
  const header = ['section', 'figure', 'value', 'budget', 'result'];
  const all = [header, ...rows.map(cells)];
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...all.slice(1).map(line)].join('\n');
}

export function markdownTable(rows: Row[]): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  return [
    '| section | figure | value | budget | result |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${cells(r).map(esc).join(' | ')} |`),
  ].join('\n');
}

const START = '<!-- bench:results:start -->';
const END = '<!-- bench:results:end -->';

/** Replace the generated block of docs/benchmarks.md (the prose around it is kept). */
export function updateDoc(file: string, block: string): void {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : `# Benchmarks\n\n${START}\n${END}\n`;
  const s = text.indexOf(START);
  const e = text.indexOf(END);
  const next =
    s >= 0 && e > s
      ? `${text.slice(0, s + START.length)}\n${block}\n${text.slice(e)}`
      : `${text}\n${START}\n${block}\n${END}\n`;
  writeFileSync(file, next);
}
