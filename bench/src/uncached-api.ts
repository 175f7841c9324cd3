/**
 * A second API server on the bench stack's data with the per-container public cache off
 * (PUBLIC_CACHE_MS=0, functions/src/kit/short-cache.ts), so the catalogue and product figures
 * compared with the DynamoDB floor are the handler's, not the cache's. Production keeps its
 * default (1 s); nothing here changes what the stack's own server or a Lambda does.
 */
import { callRoute } from '../../e2e/src/api';
import type { StackEndpoints } from '../../local/src/stack';
import { benchProcess, type BenchStack } from './stack';

export interface ApiProcessSpec {
  dataDir: string;
  stack: StackEndpoints;
  /** Handler environment on top of the stack's own. */
  env: Record<string, string>;
}

export interface UncachedApi {
  url: string;
  stop(): Promise<void>;
}

export async function startUncachedApi(stack: BenchStack): Promise<UncachedApi> {
  const { owned: _owned, dataDir, stop: _stop, ...endpoints } = stack;
  const spec: ApiProcessSpec = { dataDir, stack: endpoints, env: { PUBLIC_CACHE_MS: '0' } };
  const child = await benchProcess('api-process.ts', [JSON.stringify(spec)], 'BENCH_API');
  return { url: (child.info as { url: string }).url, stop: child.stop };
}

/**
 * Proof that the uncached server reads the table on every request: a product renamed through the
 * admin route shows its new name at once (the cached server may answer the old one for up to 1 s).
 * Guards the comparison against a renamed switch or a cache added elsewhere.
 */
export async function assertUncached(
  stack: BenchStack,
  uncached: UncachedApi,
  admin: string,
  productId: string,
): Promise<void> {
  const read = async () => {
    const res = await callRoute(uncached, 'getProduct', { params: { id: productId } });
    if (res.status !== 200) throw new Error(`uncached GET product: ${res.status}`);
    return res.body.product;
  };
  const before = await read();
  const renamed = `${before.name} (renamed)`;
  const res = await callRoute(stack, 'adminUpdateProduct', {
    token: admin,
    params: { id: productId },
    body: {
      name: renamed,
      category: before.category ?? 'Bench',
      is_active: true,
      display_order: before.display_order,
    },
  });
  if (res.status !== 200) throw new Error(`rename product: ${res.status} ${JSON.stringify(res.body)}`);
  const after = await read();
  if (after.name !== renamed)
    throw new Error('the uncached API server answered a stale product: its cache is not off');
}
