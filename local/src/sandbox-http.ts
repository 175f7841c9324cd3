import type { IncomingMessage, ServerResponse } from 'node:http';

/** The small HTTP helpers of the outside systems' sandboxes (UddoktaPay, UniPin, MooGold). */
export function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The request's body as text; a body over `limit` characters drops the connection. */
export function readText(req: IncomingMessage, limit = 100_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      data += c;
      if (data.length > limit) req.destroy();
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

export function parseObject(raw: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(raw || '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The body as a JSON object; an empty, unreadable or non-object body reads as `{}`. */
export async function readJson(req: IncomingMessage, limit?: number): Promise<Record<string, unknown>> {
  return parseObject(await readText(req, limit)) ?? {};
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}
