// React.lazy for the app's page-sized chunks, named by their build-manifest key (the source path
// under src/web). Rendered on the server, the key is recorded, and the HTML names the chunk with
// `modulepreload`, so the browser fetches it beside the entry chunk instead of after it. A part that
// matters only to some visitors (the signed-in navbar) says `preload: false` and marks itself with
// `usePreloadModule` when it does. A build test checks that every key names a chunk of the build.
import { type ComponentType, createElement, lazy } from 'react';
import { useServerRender } from './render-context';

export const lazyPageKeys: string[] = [];

export function lazyPage<Props extends object>(
  key: string,
  load: () => Promise<ComponentType<Props>>,
  options: { preload: boolean } = { preload: true },
): ComponentType<Props> {
  lazyPageKeys.push(key);
  const Lazy = lazy(async () => ({ default: await load() }));
  function LazyPage(props: Props) {
    const server = useServerRender();
    if (options.preload) server?.modules.add(key);
    return createElement(Lazy as ComponentType<Props>, props);
  }
  LazyPage.displayName = `LazyPage(${key})`;
  return LazyPage;
}

/** Marks a lazily loaded module as needed by this page (see `preload: false` above). */
export function usePreloadModule(key: string, wanted: boolean): void {
  const server = useServerRender();
  if (wanted) server?.modules.add(key);
}
