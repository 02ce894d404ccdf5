import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
// First: the kept copy's guard is in place before any page's data layer runs.
import './app/kept-copy-guard';
import { AppRouter } from './app/router';
import { hydratingServerPage } from './lib/render-context';

const found = document.getElementById('root');
if (!found) throw new Error('index.html is missing the #root element');
const rootElement: HTMLElement = found;

// Providers that need data (TanStack Query) are mounted by the lazily loaded layouts that use them,
// not here: everything imported from this file is in every page's first download.
const app = (
  <StrictMode>
    <AppRouter />
  </StrictMode>
);

// The server drew the page (src/server/http/web-app.ts): React takes it over as it is. Without it
// (`npm run dev`), the app draws itself.
function start(): Root {
  if (!hydratingServerPage) {
    const root = createRoot(rootElement);
    root.render(app);
    return root;
  }
  // Taken over as a transition: React then hydrates in slices of ~5 ms and lets the browser breathe
  // between them, where a plain hydrateRoot does it in one task (~145 ms on Lighthouse's phone, all
  // of it blocking time, issue #26). A tap meanwhile is still answered: React hydrates what was
  // tapped first.
  let root: Root | undefined;
  startTransition(() => {
    root = hydrateRoot(rootElement, app, {
      // A page that differs from what the server drew is a bug: said plainly, and tests fail on it.
      onRecoverableError: (error) => console.error('Hydration mismatch:', error),
    });
  });
  return root as Root;
}

// The modules above are evaluated in one task and React starts in the next, so neither is a long one.
export const root: Promise<Root> = new Promise((resolve) => setTimeout(() => resolve(start())));
