import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';
import { keys } from './keys';
import { tooManyRequests, type Said } from '../domain/refusals';

export interface RateLimit {
  scope: string;
  limit: number;
  windowSeconds: number;
}

/** One rule applied to one counter key, e.g. the lookup limit for 'user:<sub>'. */
export interface RateCheck {
  rule: RateLimit;
  key: string;
}

const windowStartOf = (rule: RateLimit, now: Date) =>
  Math.floor(now.getTime() / 1000 / rule.windowSeconds) * rule.windowSeconds;

/**
 * Fixed-window counter: one item per caller and window, incremented atomically, gone after the
 * window through the table's TTL. Returns whether this request is still within the limit.
 */
export async function takeToken(db: Db, rule: RateLimit, caller: string, now: Date): Promise<boolean> {
  const windowStart = windowStartOf(rule, now);
  const result = await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.rateLimit(rule.scope, caller, String(windowStart)),
      UpdateExpression:
        'ADD #count :one SET #type = if_not_exists(#type, :type), #ttl = if_not_exists(#ttl, :ttl)',
      ExpressionAttributeNames: { '#count': 'count', '#type': 'type', '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':type': 'rate_limit',
        ':ttl': windowStart + rule.windowSeconds * 2,
      },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const count = Number(result.Attributes?.count ?? 0);
  return count <= rule.limit;
}

/** Seconds from `now` until the rule's current window ends: what Retry-After says. */
export function secondsToWindowEnd(rule: RateLimit, now: Date): number {
  return windowStartOf(rule, now) + rule.windowSeconds - now.getTime() / 1000;
}

/**
 * The checks of DESIGN 11's "per user and per IP": the per-caller rule on the user (or, signed
 * out, the IP) and the IP rule on the IP whoever is signed in, so many accounts behind one
 * address still meet the IP rule. The IP rule should be looser: buyers share carrier NAT addresses.
 */
export function perCallerAndIp(
  perCaller: RateLimit,
  perIp: RateLimit,
  who: { userId?: string; sourceIp: string },
): RateCheck[] {
  return [
    { rule: perCaller, key: who.userId ? `user:${who.userId}` : `ip:${who.sourceIp}` },
    { rule: perIp, key: `ip:${who.sourceIp}` },
  ];
}

/**
 * Takes a token from every check (a request counts against all of them, refused or not) and
 * answers 429 when any is over, with Retry-After the longest wait among those over.
 */
export async function enforceRateLimits(
  db: Db,
  checks: RateCheck[],
  now: Date,
  message: Said,
): Promise<void> {
  const allowed = await Promise.all(checks.map((c) => takeToken(db, c.rule, c.key, now)));
  const over = checks.filter((_, i) => !allowed[i]);
  if (over.length === 0) return;
  throw tooManyRequests(message, Math.max(...over.map((c) => secondsToWindowEnd(c.rule, now))));
}
