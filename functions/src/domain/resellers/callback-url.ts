import { addressVerdict } from './callback-address';

/**
 * Where callbacks may go. `loopbackAllowed`: the local stack and the tests only (their receiver
 * listens on this machine, over plain http); never in production (runtime flag
 * CALLBACK_LOOPBACK, ignored there: see use-cases/resellers/callback-target.ts).
 */
export interface CallbackRules {
  loopbackAllowed: boolean;
}

export const CALLBACK_URL_TEXTS = {
  invalid: 'Please enter a valid URL (https://...)',
  credentials: 'The URL must not contain a user name or password',
  https: 'The callback URL must start with https://',
  notPublic: 'The callback URL must point to a public internet address',
  unresolved: "The callback URL's host name could not be found",
} as const;

/**
 * The URL as written, before its host is looked up: parsed (WHATWG, as fetch and the reseller's
 * browser do), no credentials, https (http only where loopback is allowed: its host is then
 * checked to be this machine once resolved).
 */
export function parseCallbackUrl(raw: string, rules: CallbackRules): { url: URL } | { problem: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: CALLBACK_URL_TEXTS.invalid };
  }
  if (url.username || url.password) return { problem: CALLBACK_URL_TEXTS.credentials };
  if (url.protocol === 'https:' || (url.protocol === 'http:' && rules.loopbackAllowed)) return { url };
  return { problem: CALLBACK_URL_TEXTS.https };
}

/**
 * Why the host's addresses are no place to POST to, or undefined. Every address the name has must
 * pass (the connection then goes to one of them, pinned): one private address among public ones
 * is refused. Plain http only to loopback, and loopback only where allowed.
 */
export function addressesProblem(
  url: URL,
  addresses: readonly string[],
  rules: CallbackRules,
): string | undefined {
  if (addresses.length === 0) return CALLBACK_URL_TEXTS.unresolved;
  const verdicts = addresses.map(addressVerdict);
  const fine = (v: string) => v === 'public' || (v === 'loopback' && rules.loopbackAllowed);
  if (!verdicts.every(fine)) return CALLBACK_URL_TEXTS.notPublic;
  if (url.protocol !== 'https:' && !verdicts.every((v) => v === 'loopback')) return CALLBACK_URL_TEXTS.https;
  return undefined;
}
