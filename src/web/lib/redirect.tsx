import { useServerRender } from './render-context';
import { Navigate } from './router';

/**
 * Sends the visitor to `to`, replacing this address. Rendered on the server, the server answers with
 * a redirect instead of a page (react-router's <Navigate> acts only in the browser).
 */
export function Redirect({ to }: { to: string }) {
  const server = useServerRender();
  if (server) {
    server.redirectTo ??= to;
    return null;
  }
  return <Navigate replace to={to} />;
}

/** A page showing that what was asked for does not exist: rendered on the server, the answer is a 404. */
export function useNotFoundStatus(notFound: boolean): void {
  const server = useServerRender();
  if (server && notFound) server.status = 404;
}
