// What a page learns from the server that renders it, and what it tells the server back. In the
// browser there is no such context (null): the page reads the same facts from the document instead.
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { GrievanceOfficer } from '../../shared/grievance-officer';

export interface ServerRender {
  /** This request's own cache: one per request, so no answer can reach another visitor. */
  queryClient: QueryClient;
  /** The server has Google sign-in configured (the browser reads the same from a meta tag). */
  googleSignIn: boolean;
  /** The Grievance Officer (the browser reads the same from a meta tag: lib/grievance-officer.ts). */
  grievanceOfficer: GrievanceOfficer | null;
  /** The request's Cookie header, for the choices a browser keeps in a cookie (lib/cookies.ts). Never drawn. */
  cookie: string;
  /** Build-manifest keys of the lazily loaded modules this page rendered: the HTML preloads them. */
  modules: Set<string>;
  /** Every copy of a lazily loaded part this page drew (by useId) and its key: the browser waits for them all. */
  parts: Map<string, string>;
  /** Set by a page that sends the visitor elsewhere: the server answers with a redirect instead. */
  redirectTo?: string;
  /** Set by a page that says what it shows does not exist: the server answers 404. */
  status?: 404;
}

export const ServerRenderContext = createContext<ServerRender | null>(null);

export function useServerRender(): ServerRender | null {
  return useContext(ServerRenderContext);
}

/**
 * True while the page the server rendered is on screen: the first render in the browser must draw
 * exactly what the server drew (hydration), so choices that differ between the two wait for this.
 */
export const hydratingServerPage =
  typeof document !== 'undefined' && document.getElementById('root')?.hasChildNodes() === true;
