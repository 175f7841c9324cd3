import { buildOpenApi, routes } from '@khelaghor/contract';
import { defineHandler, Reply } from '../../kit/handler';

let document: Record<string, unknown> | undefined;

export const handler = defineHandler(routes.openapi, async () => {
  document ??= buildOpenApi();
  return new Reply(200, document, { 'cache-control': 'public, max-age=300' });
});
