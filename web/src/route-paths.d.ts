declare module 'virtual:route-paths' {
  import type { RouteName } from '@khelaghor/contract/routes/index';
  /** The public routes, in the entry (web/vite.config.ts). */
  export const routePaths: Partial<Record<RouteName, { method: string; path: string }>>;
}

declare module 'virtual:route-paths/user' {
  import type { RouteName } from '@khelaghor/contract/routes/index';
  /** The signed-in customer's routes: a chunk of their own, loaded on the first such call. */
  export const userRoutePaths: Partial<Record<RouteName, { method: string; path: string }>>;
}

declare module 'virtual:route-paths/admin' {
  import type { RouteName } from '@khelaghor/contract/routes/index';
  /** The admin's routes: a chunk of their own, loaded on the first admin call. */
  export const adminRoutePaths: Partial<Record<RouteName, { method: string; path: string }>>;
}
