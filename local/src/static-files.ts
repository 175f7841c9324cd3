import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { runInNewContext } from 'node:vm';
import {
  SPA_NOT_FOUND,
  SPA_VIEWER_REQUEST_CODE,
  SPA_VIEWER_RESPONSE_CODE,
} from '@khelaghor/contract/spa-edge';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
};

const compressible = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.txt',
  '.map',
  '.webmanifest',
]);
const compressedCache = new Map<string, { mtime: number; body: Buffer }>();

type Encoding = 'br' | 'gzip';

/** What CloudFront's automatic compression answers this request with: brotli, else gzip, if accepted. */
export function acceptedEncoding(req: IncomingMessage): Encoding | undefined {
  const accept = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return undefined;
}

export function compress(raw: Buffer, encoding: Encoding, quality: 'files' | 'answers' = 'files'): Buffer {
  // Files are compressed once per version (hardest); API answers on every request (fast).
  const hard = quality === 'files';
  return encoding === 'br'
    ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: hard ? 9 : 5 } })
    : gzipSync(raw, { level: hard ? 9 : 6 });
}

/** A file compressed like CloudFront does, kept in memory per file version. */
function compressed(file: string, mtime: number, encoding: Encoding): Buffer {
  const key = `${encoding}:${file}`;
  const hit = compressedCache.get(key);
  if (hit && hit.mtime === mtime) return hit.body;
  const body = compress(readFileSync(file), encoding);
  compressedCache.set(key, { mtime, body });
  return body;
}

function pickEncoding(req: IncomingMessage, file: string): Encoding | undefined {
  return compressible.has(extname(file).toLowerCase()) ? acceptedEncoding(req) : undefined;
}

type ViewerRequest = (event: { request: { uri: string } }) => { uri: string };
type ViewerResponse = (event: {
  response: { statusCode: number; headers: Record<string, { value: string }> };
}) => { statusCode: number };
/** CloudFront's two functions of the default behaviour, the very code infra/src/site.ts deploys. */
const cloudFrontFunction = <F>(code: string): F => runInNewContext(`${code}\nhandler`) as F;
const viewerRequest = cloudFrontFunction<ViewerRequest>(SPA_VIEWER_REQUEST_CODE);
const viewerResponse = cloudFrontFunction<ViewerResponse>(SPA_VIEWER_RESPONSE_CODE);

/** The status CloudFront answers an object with: the not-found copy's metadata makes it 404. */
function edgeStatus(notFoundCopy: boolean): number {
  const headers = notFoundCopy
    ? Object.fromEntries(
        Object.entries(SPA_NOT_FOUND.metadata).map(([name, value]) => [`x-amz-meta-${name}`, { value }]),
      )
    : {};
  return viewerResponse({ response: { statusCode: 200, headers } }).statusCode;
}

/**
 * Serve the built SPA like CloudFront + S3 do: files as they are (hashed /assets/* cached for a
 * year); the SPA's pages get index.html (never cached) and any other path without a file extension
 * the SPA's 404 page with status 404, decided by CloudFront's own function code
 * (contract/src/spa-edge.ts); a missing file is 404.
 */
export function serveStatic(root: string, req: IncomingMessage, res: ServerResponse, pathname: string): void {
  const base = resolve(root);
  const index = join(base, 'index.html');
  if (!existsSync(index)) {
    res.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(
      '<!doctype html><title>Khelaghor</title><p>The web app is not built yet: run <code>npm run build:web</code> and reload. The API is up under /api.</p>',
    );
    return;
  }
  // /assets/* is a behaviour of its own on AWS, without the functions.
  const uri = pathname.startsWith('/assets/') ? pathname : viewerRequest({ request: { uri: pathname } }).uri;
  let decoded = uri;
  try {
    decoded = decodeURIComponent(uri);
  } catch {
    // keep the raw path; it will not match a file
  }
  // The not-found copy is index.html under another key (deploySpa uploads it beside index.html).
  const notFoundCopy = decoded === `/${SPA_NOT_FOUND.key}`;
  const file = notFoundCopy ? index : normalize(join(base, decoded));
  const inside = file === base || file.startsWith(base + sep);
  const isFile = inside && existsSync(file) && statSync(file).isFile();
  if (!isFile) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  const target = file;
  const isIndex = target === index;
  const stat = statSync(target);
  const encoding = pickEncoding(req, target);
  const body = encoding ? compressed(target, stat.mtimeMs, encoding) : undefined;
  res.writeHead(edgeStatus(notFoundCopy), {
    'content-type': types[extname(target).toLowerCase()] ?? 'application/octet-stream',
    'content-length': body ? body.length : stat.size,
    ...(encoding && { 'content-encoding': encoding }),
    vary: 'accept-encoding',
    // sw.js like index.html: browsers check it for a new version, which a cached copy would hide.
    'cache-control':
      isIndex || decoded === '/sw.js'
        ? 'no-cache'
        : decoded.startsWith('/assets/')
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600',
    'x-content-type-options': 'nosniff',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  if (body) {
    res.end(body);
    return;
  }
  createReadStream(target).pipe(res);
}
