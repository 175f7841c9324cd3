import type { RouteDef } from '@khelaghor/contract';
import { defineHandler } from './handler';
import { assertResellerAccess } from './reseller-access';

/**
 * defineHandler for `reseller` routes: the same stack plus the signature check (key, timestamp,
 * nonce, IP allow-list, per-key rate). Kept out of defineHandler so that other functions' bundles
 * hold neither the key reads nor the server secret's use, and their IAM roles are granted neither.
 */
export const defineResellerHandler = <R extends RouteDef & { access: 'reseller' }>(
  route: R,
  impl: Parameters<typeof defineHandler<R>>[1],
) =>
  defineHandler(route, impl, undefined, (r, event, headers, ip) =>
    assertResellerAccess(r, event, headers, ip),
  );
