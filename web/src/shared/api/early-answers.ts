/** What web/public/preload-route.js leaves for the app before it runs. */
const shell = globalThis as {
  __khelaghorEarly?: Record<string, Promise<unknown> | undefined>;
  __khelaghorShellHero?: Promise<unknown>;
};

/**
 * Answers preload-route.js fetched (site settings, the catalogue, a product), by API path. Each is
 * taken once: later calls ask the API as usual.
 */
export function takeEarlyAnswer(path: string): Promise<unknown> | undefined {
  const early = shell.__khelaghorEarly;
  const answer = early?.[path];
  if (answer) delete early[path];
  return answer;
}

/** On /, settles once the shell's first slide has loaded (or there is none); undefined elsewhere. */
export const shellHeroLoaded = (): Promise<unknown> | undefined => shell.__khelaghorShellHero;
