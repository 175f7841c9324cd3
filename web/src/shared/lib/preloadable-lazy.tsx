import { lazy, type ComponentType } from 'react';

/**
 * React.lazy that can be loaded ahead: once `preload()` has resolved, the page renders at once
 * instead of suspending. A suspended first render costs a phone more than the download: React
 * reveals suspended content in 300 ms steps, which put a product page's name (its largest paint)
 * ~500 ms after its code and data had arrived.
 */
export function preloadableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  function Page(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Page, { preload });
}
