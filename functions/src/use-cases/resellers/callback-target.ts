import type { CallbackTarget } from '../../clients/callback-http';
import { lookupHost, type LookupHost, type ResolvedAddress } from '../../clients/host-lookup';
import { ipLiteral } from '../../domain/resellers/callback-address';
import {
  addressesProblem,
  CALLBACK_URL_TEXTS,
  parseCallbackUrl,
  type CallbackRules,
} from '../../domain/resellers/callback-url';
import { config, type Config } from '../../runtime/config';

/** What checking a callback URL needs: the resolver (tests pass their own) and the rules. */
export interface TargetDeps extends CallbackRules {
  lookup: LookupHost;
}

export type TargetCheck =
  | { ok: true; target: CallbackTarget }
  | {
      ok: false;
      problem: string;
      /** the name's lookup failed (not: it has no address) */ lookupFailed?: boolean;
    };

/**
 * The local-only allowance: loopback callbacks (the local stack's receiver) only with
 * CALLBACK_LOOPBACK=allow, which only the local stack and the tests set, and never in production
 * whatever the environment says: a production Lambda with the flag still refuses loopback.
 */
export function loopbackAllowed(env: Pick<Config, 'NODE_ENV' | 'CALLBACK_LOOPBACK'>): boolean {
  return env.CALLBACK_LOOPBACK === 'allow' && env.NODE_ENV !== 'production';
}

/** The Lambda's (and the local server's) dependencies: the system resolver and the environment's rules. */
export function targetDeps(): TargetDeps {
  return { lookup: lookupHost(), loopbackAllowed: loopbackAllowed(config()) };
}

/**
 * Where a callback URL would send the POST: parsed, its host resolved once, every address
 * checked, and those addresses to connect to (pinned, so the connection goes where the check
 * looked). Used when the URL is saved and again before every attempt: DNS may have changed since.
 */
export async function checkCallbackUrl(raw: string, deps: TargetDeps): Promise<TargetCheck> {
  const parsed = parseCallbackUrl(raw, deps);
  if ('problem' in parsed) return { ok: false, problem: parsed.problem };
  const { url } = parsed;
  const literal = ipLiteral(url.hostname);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: literal, family: literal.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await deps.lookup(url.hostname);
    } catch {
      return { ok: false, problem: CALLBACK_URL_TEXTS.unresolved, lookupFailed: true };
    }
  }
  const problem = addressesProblem(
    url,
    addresses.map((a) => a.address),
    deps,
  );
  if (problem) return { ok: false, problem };
  return { ok: true, target: { url, addresses } };
}
