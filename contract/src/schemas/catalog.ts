/**
 * Schemas of the catalogue, stock (voucher codes) and site content, public and admin, one module
 * per group. A Lambda bundle builds only the modules its own route's schemas live in (the contract
 * package has no side effects, so esbuild leaves the rest out): building all of them cost ~10 ms
 * of every catalogue handler's cold start (docs/benchmarks.md, section 4).
 */
export * from './catalog-public';
export * from './site';
export * from './catalog-admin';
export * from './vouchers';
export * from './site-admin';
