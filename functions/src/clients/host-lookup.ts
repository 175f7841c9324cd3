import { lookup } from 'node:dns/promises';
import { keptPerContainer } from '../runtime/container-state';

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address of a name (empty when it has none); throws only for a lookup that failed. */
export type LookupHost = (hostname: string) => Promise<ResolvedAddress[]>;

/** A lookup that hangs is a host that could not be found (getaddrinfo has no timeout of its own). */
const LOOKUP_TIMEOUT_MS = 3000;

const NOT_FOUND = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA']);

/**
 * The system resolver (getaddrinfo, what a connection would use), every address in the order
 * DNS gave them: the callback check must see all of them, not the first one only.
 */
const systemLookup: LookupHost = async (hostname) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`lookup of ${hostname} timed out`)), LOOKUP_TIMEOUT_MS);
  });
  try {
    const found = await Promise.race([lookup(hostname, { all: true, verbatim: true }), timeout]);
    return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
  } catch (error) {
    if (NOT_FOUND.has((error as { code?: string }).code ?? '')) return [];
    throw error;
  } finally {
    clearTimeout(timer);
  }
};

let override: LookupHost | undefined;
keptPerContainer(() => (override = undefined));

/** The handlers' resolver: the system's unless a test set another (names without DNS here). */
export function lookupHost(): LookupHost {
  return override ?? systemLookup;
}

/** Tests: resolve names with this (undefined goes back to the system resolver). */
export function setLookupHost(next: LookupHost | undefined): void {
  override = next;
}
