import type { RouteName } from '@khelaghor/contract';
import { routes } from '@khelaghor/contract';
import { randomBytes } from 'node:crypto';
import { signRequest } from '../src/domain/resellers/signing';
import { invoke, type InvokeOptions } from '../../test/invoke';

/** How a test signs a reseller request, and what it may change to prove the signature holds. */
export interface Signer {
  keyId: string;
  secret: string;
}

export interface SignedOptions extends Omit<InvokeOptions, 'body' | 'as'> {
  /** The raw body sent (a string, exactly as signed unless `signBody` says otherwise). */
  body?: string;
  timestamp?: number;
  nonce?: string;
  /** Sign other parts than the ones sent (a tampered or wrong request). */
  signMethod?: string;
  signPath?: string;
  signBody?: string;
  signTimestamp?: number;
}

const newNonce = () => randomBytes(12).toString('base64url');

/** The headers of a signed request and the request itself, to send once or replay. */
export function signed(name: RouteName, key: Signer, opts: SignedOptions = {}) {
  const route = routes[name];
  const path = route.path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(opts.params?.[n] ?? ''));
  const qs = new URLSearchParams(opts.query ?? {}).toString();
  const timestamp = opts.timestamp ?? Math.floor(Date.now() / 1000);
  const nonce = opts.nonce ?? newNonce();
  const signature = signRequest({
    secret: key.secret,
    method: opts.signMethod ?? route.method,
    path: opts.signPath ?? (qs ? `${path}?${qs}` : path),
    timestamp: opts.signTimestamp ?? timestamp,
    nonce,
    body: opts.signBody ?? opts.body ?? '',
  });
  const request: InvokeOptions = {
    ...opts,
    body: opts.body,
    headers: {
      ...opts.headers,
      'X-Key-Id': key.keyId,
      'X-Timestamp': String(timestamp),
      'X-Nonce': nonce,
      'X-Signature': signature,
    },
  };
  return { request, send: () => invoke(name, request) };
}

export const call = (name: RouteName, key: Signer, opts: SignedOptions = {}) =>
  signed(name, key, opts).send();
