declare module 'virtual:route-paths' {
  import type { RouteName } from '@khelaghor/contract/routes/index';
  export const routePaths: Record<RouteName, { method: string; path: string }>;
}
