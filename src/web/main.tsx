import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/router';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html is missing the #root element');

// Providers that need data (TanStack Query) are mounted by the lazily loaded layouts that use them,
// not here: everything imported from this file is in every page's first download.
createRoot(rootElement).render(
  <StrictMode>
    <AppRouter />
  </StrictMode>,
);
