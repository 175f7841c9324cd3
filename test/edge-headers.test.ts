import {
  API_CACHE_KEY_HEADERS,
  ORIGIN_REQUEST_HEADERS,
  ORIGIN_VERIFY_HEADER,
} from '@khelaghor/contract/edge';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * CloudFront forwards only an allow-list of request headers (contract/src/edge.ts): a header a
 * handler reads and the list lacks never arrives on AWS, though every local call used to pass it.
 * This finds every request header the handlers, the kit and the use-cases read (and the ones API
 * Gateway reads, named in infra/src as `$request.header.X`) and checks the list against them.
 */
const root = join(import.meta.dirname, '..');
const scanned = ['functions/src/handlers', 'functions/src/kit', 'functions/src/use-cases', 'infra/src'];

/** Read by API Gateway itself rather than by our code. */
const READ_BY_API_GATEWAY: Record<string, string> = {
  'content-type': 'decides whether the event body is text or base64',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((f) => f.isFile() && f.name.endsWith('.ts') && !f.name.endsWith('.test.ts'))
    .map((f) => relative(root, join(f.parentPath, f.name)));
}

interface Read {
  header: string;
  where: string;
}

/** Header reads in one file's text; `dynamic` are reads by a computed name, which hide the header. */
export function headerReads(text: string, file: string): { reads: Read[]; dynamic: string[] } {
  const reads: Read[] = [];
  const dynamic: string[] = [];
  const lineOf = (index: number) => `${file}:${text.slice(0, index).split('\n').length}`;
  const patterns: Array<[RegExp, (m: RegExpExecArray) => string]> = [
    // headers['x-key-id'], req.headers?.["idempotency-key"] (not an assignment to one)
    [/headers\??\.?\[\s*(['"`])([^'"`]+)\1\s*\](?!\s*=[^=])/g, (m) => m[2]!],
    // headers.authorization
    [/headers\??\.([A-Za-z_$][\w$]*)\b(?!\s*\()/g, (m) => m[1]!],
    // a helper: header(event, 'x-name')
    [/\bheader\(\s*[^,()]+,\s*(['"`])([^'"`]+)\1/g, (m) => m[2]!],
    // API Gateway: $request.header.cloudfront-viewer-address, the authorizer's identity source
    [/\$request\.header\.([\w-]+)/g, (m) => m[1]!],
    // requestContext.http.userAgent is API Gateway's copy of User-Agent
    [/\.userAgent\b/g, () => 'user-agent'],
  ];
  for (const [pattern, name] of patterns) {
    for (const m of text.matchAll(pattern))
      reads.push({ header: name(m).toLowerCase(), where: lineOf(m.index) });
  }
  for (const m of text.matchAll(/headers\??\.?\[\s*([^'"`\s\]][^\]]*)\]/g))
    dynamic.push(`${lineOf(m.index)} ${m[0]}`);
  return { reads, dynamic };
}

const allowed = new Set(
  [...ORIGIN_REQUEST_HEADERS, ...API_CACHE_KEY_HEADERS, ORIGIN_VERIFY_HEADER].map((h) => h.toLowerCase()),
);
const found = scanned
  .flatMap(sourceFiles)
  .map((file) => headerReads(readFileSync(join(root, file), 'utf8'), file));
const reads = found.flatMap((f) => f.reads);

describe('the edge forwards every header the code reads', () => {
  it('finds the reads it must (the scan itself works)', () => {
    const names = new Set(reads.map((r) => r.header));
    for (const header of ['idempotency-key', 'x-origin-verify', 'cloudfront-viewer-address', 'authorization'])
      expect(names, header).toContain(header);
  });

  it('reads no header by a computed name (the scan could not see which)', () => {
    expect(found.flatMap((f) => f.dynamic)).toEqual([]);
  });

  it('has every header read on the allow-list', () => {
    const missing = reads.filter((r) => !allowed.has(r.header)).map((r) => `${r.header} (${r.where})`);
    expect(missing).toEqual([]);
  });

  it('forwards no header nothing reads', () => {
    const read = new Set([...reads.map((r) => r.header), ...Object.keys(READ_BY_API_GATEWAY)]);
    expect([...allowed].filter((h) => !read.has(h))).toEqual([]);
  });

  it('tells a read from a write and a computed name', () => {
    const { reads: r, dynamic } = headerReads(
      "const a = req.headers['X-Foo']; headers['x-set'] = 1; headers.authorization; headers[name]; res.headers.get('x');",
      'f.ts',
    );
    expect(r.map((x) => x.header)).toEqual(['x-foo', 'authorization']);
    expect(dynamic).toEqual(['f.ts:1 headers[name]']);
  });
});
