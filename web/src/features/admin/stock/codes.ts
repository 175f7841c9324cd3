/** Voucher codes from a pasted list or a .txt/.csv file: one per line (first CSV column),
 *  trimmed, blank lines and a 'code' header dropped, duplicates inside the list reported. */
export function parseCodeList(text: string): { codes: string[]; duplicates: string[] } {
  const codes: string[] = [];
  const duplicates: string[] = [];
  const seen = new Set<string>();
  const lines = text.split(/\r\n|\n|\r/);
  lines.forEach((line, index) => {
    let value = line.trim();
    if (!value) return;
    if (value.includes(',')) value = value.split(',')[0]!.trim();
    value = value.replace(/^"(.*)"$/, '$1').trim();
    if (!value) return;
    if (index === 0 && /^codes?$/i.test(value)) return;
    if (seen.has(value)) {
      duplicates.push(value);
      return;
    }
    seen.add(value);
    codes.push(value);
  });
  return { codes, duplicates };
}

export function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export const IMPORT_CHUNK = 1000;
