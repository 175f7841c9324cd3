import type { QueryClient } from '@tanstack/react-query';
import type { RouteName } from '@khelaghor/contract/routes/index';

/**
 * Every query key starts with the name of the contract route it reads: queryKey('listOrders', query)
 * is ['listOrders', query]. A change then refreshes what it touched by route name, and no screen
 * needs to know another screen's keys.
 */
export function queryKey<N extends RouteName, P extends unknown[]>(name: N, ...parts: P): [N, ...P] {
  return [name, ...parts];
}

/** Refetch (when shown) every query of these routes, whatever their params. */
export function invalidateRoutes(client: QueryClient, ...names: RouteName[]): Promise<void> {
  return Promise.all(names.map((name) => client.invalidateQueries({ queryKey: [name] }))).then(
    () => undefined,
  );
}

/** Forget every query of these routes (e.g. the signed-in user's data at sign-out). */
export function removeRoutes(client: QueryClient, ...names: RouteName[]): void {
  for (const name of names) client.removeQueries({ queryKey: [name] });
}

/** Refetch every query whose route name passes the test (e.g. all `admin*` routes). */
export function invalidateRoutesWhere(client: QueryClient, test: (name: string) => boolean): Promise<void> {
  return client.invalidateQueries({
    predicate: (q) => typeof q.queryKey[0] === 'string' && test(q.queryKey[0]),
  });
}
