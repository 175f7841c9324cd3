import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';

import { ADMIN_GROUP } from '@khelaghor/contract/roles';
import type { Caller } from '../domain/model';

export type { Caller };

/**
 * The HTTP API JWT authorizer hands claims over as strings: a list claim such as cognito:groups
 * arrives as "[admin other]" on AWS, as an array from other issuers. Accept every form.
 */
export function parseGroups(claim: unknown): string[] {
  if (Array.isArray(claim)) return claim.map(String).filter(Boolean);
  if (typeof claim !== 'string') return [];
  const trimmed = claim.trim();
  if (trimmed.startsWith('[') && trimmed.endsWith(']')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (Array.isArray(parsed)) return parsed.map(String).filter(Boolean);
    } catch {
      // "[admin other]" is not JSON; split it below.
    }
    return trimmed
      .slice(1, -1)
      .split(/[\s,]+/)
      .filter(Boolean);
  }
  return trimmed.split(/[\s,]+/).filter(Boolean);
}

/** The caller from the verified JWT claims, or undefined when the request carried none. */
export function callerFromEvent(event: APIGatewayProxyEventV2WithJWTAuthorizer): Caller | undefined {
  const claims = event.requestContext?.authorizer?.jwt?.claims;
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub === '') return undefined;
  const groups = parseGroups(claims['cognito:groups']);
  const email = typeof claims.email === 'string' ? claims.email : '';
  // A string on AWS (the HTTP API hands every claim over as text), a number from other issuers.
  const authTime = Number(claims.auth_time);
  return {
    userId: sub,
    email,
    groups,
    isAdmin: groups.includes(ADMIN_GROUP),
    ...(Number.isInteger(authTime) && authTime > 0 && { authTime }),
  };
}
