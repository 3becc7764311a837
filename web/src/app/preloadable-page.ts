import { createElement, lazy, type ComponentType } from 'react';

export type PreloadablePage = ComponentType & {
  /** Loads the page's chunk; once it is there the page renders at once, without suspending. */
  preload: () => Promise<void>;
};

/**
 * A page in its own chunk, like `lazy()`, that can be loaded before it renders (issue 15): the first screen's page
 * is loaded before the app's first render (app/first-screen.ts), so that render already shows the page instead of
 * committing the frame with a spinner and the page a round later. A `lazy()` page always suspends once.
 */
export function preloadablePage(load: () => Promise<{ default: ComponentType }>): PreloadablePage {
  let loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  // Through the same load: once it resolved, `loaded` is set and the page never renders through `Lazy` again.
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType })));
  function Page() {
    return loaded ? createElement(loaded) : createElement(Lazy);
  }
  return Object.assign(Page, { preload });
}
