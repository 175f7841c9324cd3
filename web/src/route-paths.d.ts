declare module 'virtual:route-paths' {
  import type { RouteName } from '@khelaghor/contract/routes/index';
  /** Public and signed-in customers' routes (web/vite.config.ts). */
  export const routePaths: Partial<Record<RouteName, { method: string; path: string }>>;
}

declare module 'virtual:route-paths/admin' {
  import type { RouteName } from '@khelaghor/contract/routes/index';
  /** The admin's routes: a chunk of their own, loaded on the first admin call. */
  export const adminRoutePaths: Partial<Record<RouteName, { method: string; path: string }>>;
}
