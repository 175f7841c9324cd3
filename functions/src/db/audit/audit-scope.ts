import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The admin call whose writes are being audited. `defineAdminHandler` opens one around each admin
 * route's code; every write the shop's DynamoDB client sends inside it carries an audit entry in
 * the same transaction (audited-writes.ts), so neither can exist without the other.
 */
export interface AuditScope {
  callId: string;
  at: string;
  actorId: string;
  actorEmail: string;
  ip: string;
  requestId: string;
  /** The route's handler name (`admin-commerce/wallet-adjustment`) and summary. */
  action: string;
  summary: string;
  method: string;
  path: string;
  /** What the admin sent: params, query and body, masked and bounded (audit-entry.ts). */
  request: unknown;
  /** Writes made so far in this call: the next entry's sequence number is one more. */
  writes: number;
}

const scopes = new AsyncLocalStorage<AuditScope | undefined>();

export function inAuditScope<T>(scope: AuditScope, fn: () => T): T {
  return scopes.run(scope, fn);
}

export const currentAuditScope = (): AuditScope | undefined => scopes.getStore();

/**
 * Work an admin call starts that is the shop's, not the admin's: a background job's slices run in
 * the request's time budget are recorded by the job item the admin's call wrote (audited), not
 * entry by entry. Named here so every way out of the audit trail can be found by one search.
 */
export function outsideAudit<T>(fn: () => T): T {
  return scopes.run(undefined, fn);
}
