import { badRequest } from '../../kit/errors';

/**
 * Cursor of a paginated admin list: the DynamoDB key to start after, as opaque base64url text.
 * Only string key attributes are accepted back, so a forged cursor cannot smuggle other values.
 */
export function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  if (!key) return null;
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string | undefined): Record<string, string> | undefined {
  if (!cursor) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0 || entries.length > 4) throw new Error('bad key');
    for (const [name, v] of entries) {
      if (!/^(pk|sk|gsi[123](pk|sk))$/.test(name) || typeof v !== 'string') throw new Error('bad key');
    }
    return value as Record<string, string>;
  } catch {
    throw badRequest('Invalid cursor');
  }
}
