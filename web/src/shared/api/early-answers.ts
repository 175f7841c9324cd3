/**
 * Answers web/public/preload-route.js fetched before the app ran (site settings, the catalogue, a
 * product), by API path. Each is taken once: later calls ask the API as usual.
 */
type Early = Record<string, Promise<unknown> | undefined>;

export function takeEarlyAnswer(path: string): Promise<unknown> | undefined {
  const early = (globalThis as { __khelaghorEarly?: Early }).__khelaghorEarly;
  const answer = early?.[path];
  if (answer) delete early[path];
  return answer;
}
