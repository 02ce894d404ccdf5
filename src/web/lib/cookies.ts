// The few choices this browser keeps in a cookie rather than in storage: those the server must know
// to draw a page the way the browser will keep it (docs/decisions/015). Read from the request on the
// server (render-context.ts) and from document.cookie in the browser; the browser alone writes them.
import { useState } from 'react';
import { useServerRender } from './render-context';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** One cookie's value in a Cookie header (or document.cookie), or null. */
export function readCookie(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return null; // not ours: a value we wrote decodes
    }
  }
  return null;
}

function documentCookie(): string {
  try {
    return document.cookie;
  } catch {
    return ''; // a sandboxed frame without cookies
  }
}

/**
 * The cookie's value as the page was first drawn: the request's on the server, the document's in the
 * browser, which hydrating a page the server drew are the same. Read once: writing it later does not
 * redraw what is on screen.
 */
export function useCookieAtFirstRender(name: string): string | null {
  const server = useServerRender();
  const [value] = useState(() => readCookie(server ? server.cookie : documentCookie(), name));
  return value;
}

/** Kept for a year on this site, sent with every request to it (never to another site's). */
export function writeCookie(name: string, value: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the Safari and Firefox versions we serve, and a write must be done before the next request.
    document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`;
  } catch {
    // cookies disabled: the choice lasts this page only, which is harmless for what is kept here
  }
}

export function removeCookie(name: string): void {
  try {
    // Expires as well as Max-Age: a browser takes either as gone now; happy-dom (the web tests) read
    // Max-Age=0 as "expires this millisecond", and the cookie was still there within it.
    // biome-ignore lint/suspicious/noDocumentCookie: as in writeCookie.
    document.cookie = `${name}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
  } catch {
    // cookies disabled: nothing was kept
  }
}
