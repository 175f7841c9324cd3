import type { Context } from 'aws-lambda';
import type { Event, Result } from '../kit/handler';

export type LoadedHandler = (event: Event, context: Context) => Promise<Result>;

/** Import the handler module named by a route-table row (local server, invoke script, tests). */
export async function loadHandler(name: string): Promise<LoadedHandler> {
  if (!/^[a-z0-9-]+\/[a-z0-9-]+$/.test(name)) throw new Error(`bad handler name ${name}`);
  const mod = (await import(`./${name}.ts`)) as { handler?: LoadedHandler };
  if (typeof mod.handler !== 'function') throw new Error(`handler module ${name} exports no handler`);
  return mod.handler;
}
