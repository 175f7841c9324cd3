import type { RouteDef } from '@khelaghor/contract';
import { clock } from '../runtime/clock';
import { assertDeviceAccess } from './device-access';
import { defineHandler } from './handler';

/**
 * defineHandler for `device` routes (the receiving phones' SMS intake): the same stack plus the
 * device key's signature check. Kept apart like the reseller check, so no other bundle holds the
 * device key reads or the server secret's use.
 */
export const defineDeviceHandler = <R extends RouteDef & { access: 'device' }>(
  route: R,
  impl: Parameters<typeof defineHandler<R>>[1],
) =>
  defineHandler(route, impl, undefined, undefined, (r, event, headers) =>
    assertDeviceAccess(r, event, headers, clock),
  );
