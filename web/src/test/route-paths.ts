import { routes, type RouteName } from '@khelaghor/contract/routes/index';

/** In component tests (no Vite build plugin) the method/path slice comes from the route table itself. */
export const routePaths = Object.fromEntries(
  Object.entries(routes).map(([name, def]) => [name, { method: def.method, path: def.path }]),
) as Record<RouteName, { method: string; path: string }>;
