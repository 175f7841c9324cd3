import { badRequest } from '../kit/errors';

/** Opaque cursor of a list page: base64url of the Query's LastEvaluatedKey. */
export function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify(key), 'utf8').toString('base64url') : null;
}

export function decodeCursor(cursor: string | undefined): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const entries = Object.entries(value as Record<string, unknown>);
      if (entries.length > 0 && entries.length <= 6 && entries.every(([, v]) => typeof v === 'string')) {
        return value as Record<string, unknown>;
      }
    }
  } catch {
    // fall through
  }
  throw badRequest('Invalid cursor');
}
