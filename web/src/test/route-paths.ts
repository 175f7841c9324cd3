import { routes, type RouteName } from '@khelaghor/contract/routes/index';

/** In component tests (no Vite build plugin) the method/path slice comes from the route table itself. */
const slice = (access: string[]) =>
  Object.fromEntries(
    Object.entries(routes)
      .filter(([, def]) => access.includes(def.access))
      .map(([name, def]) => [name, { method: def.method, path: def.path }]),
  ) as Partial<Record<RouteName, { method: string; path: string }>>;

export const routePaths = slice(['public']);
export const userRoutePaths = slice(['user']);
export const adminRoutePaths = slice(['admin']);
