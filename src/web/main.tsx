import './styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRouter } from './app/router';
import { hydratingServerPage } from './lib/render-context';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html is missing the #root element');

// Providers that need data (TanStack Query) are mounted by the lazily loaded layouts that use them,
// not here: everything imported from this file is in every page's first download.
const app = (
  <StrictMode>
    <AppRouter />
  </StrictMode>
);

// The server drew the page (src/server/http/web-app.ts): React takes it over as it is. Without it
// (`npm run dev`), the app draws itself.
export const root = hydratingServerPage
  ? hydrateRoot(rootElement, app, {
      // A page that differs from what the server drew is a bug: said plainly, and tests fail on it.
      onRecoverableError: (error) => console.error('Hydration mismatch:', error),
    })
  : createRoot(rootElement);
if (!hydratingServerPage) root.render(app);
