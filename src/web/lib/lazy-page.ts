// React.lazy for the app's page-sized chunks, named by their build-manifest key (the source path
// under src/web). Rendered on the server, the key is recorded, and the HTML names the chunk with
// `modulepreload`, so the browser fetches it beside the entry chunk instead of after it. A part that
// matters only to some visitors (the signed-in navbar) says `preload: false` and marks itself with
// `usePreloadModule` when it does. A build test checks that every key names a chunk of the build.
//
// Every part the server drew is also listed on the page, with how many copies (`<div id="root"
// data-parts="key*copies">`): React takes each over only once its chunk has arrived, and until then
// its buttons do nothing. The ready marks
// (lib/ready-mark.ts) wait for them all, and so do the taps made before the page was live
// (lib/early-input.ts).
import { type ComponentType, createElement, lazy, useEffect, useId } from 'react';
import { countLivePart } from './ready-mark';
import { useServerRender } from './render-context';

export const lazyPageKeys: string[] = [];

export function lazyPage<Props extends object>(
  key: string,
  load: () => Promise<ComponentType<Props>>,
  options: { preload: boolean } = { preload: true },
): ComponentType<Props> {
  lazyPageKeys.push(key);
  const Lazy = lazy(async () => {
    const Loaded = await load().catch((error: unknown) => {
      countLivePart(key, 'failed');
      throw error;
    });
    function LivePart(props: Props) {
      useEffect(() => {
        countLivePart(key, 1);
        return () => countLivePart(key, -1);
      }, []);
      return createElement(Loaded, props);
    }
    return { default: LivePart };
  });
  function LazyPage(props: Props) {
    const server = useServerRender();
    // Once per copy drawn: rendered again after a wait on the server, a copy keeps its id.
    const copy = useId();
    server?.parts.set(copy, key);
    if (options.preload) server?.modules.add(key);
    return createElement(Lazy as ComponentType<Props>, props);
  }
  // For React's developer tools only: the production build leaves the name out.
  if (import.meta.env.DEV) LazyPage.displayName = `LazyPage(${key})`;
  return LazyPage;
}

/** Marks a lazily loaded module as needed by this page (see `preload: false` above). */
export function usePreloadModule(key: string, wanted: boolean): void {
  const server = useServerRender();
  if (wanted) server?.modules.add(key);
}
