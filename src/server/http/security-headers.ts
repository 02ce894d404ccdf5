import { type IncomingMessage, type OutgoingHttpHeaders, ServerResponse } from 'node:http';

/**
 * Headers for every answer, added where the node response writes its head: once per request, with no
 * Web `Headers` object touched (hono/secure-headers set 12 validated headers on each answer after the
 * handler, ~170 µs of a feed request's CPU, issue #25). The CSP allows no inline script at all. An
 * answer that sends its own policy header (the embed page, link-preview images) keeps it, and one whose
 * own CSP lets any site frame it (`frame-ancestors *`) loses X-Frame-Options, which can only say DENY
 * or SAMEORIGIN.
 *
 * They are added by the node server (main.ts, tests/support/test-server.ts through `serverOptions`),
 * so `app.request()` in a unit test answers without them.
 */
export const EMPTY_STYLE_HASH = 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';

export interface SecurityHeaderOptions {
  https: boolean;
  /** Where pictures load from when not from this site (S3_PUBLIC_URL's origin). */
  pictureOrigin?: string;
}

/** Lower-case names and their values, in the order they are written. */
export type HeaderList = readonly (readonly [string, string])[];

export function securityHeaderList(options: SecurityHeaderOptions): HeaderList {
  // The image download reads pictures with fetch(), so their origin is needed in connect-src as well.
  const pictures = options.pictureOrigin ? ` ${options.pictureOrigin}` : '';
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // The hash of the empty string: an empty <style> element and nothing else. modern-screenshot
    // (the image download) reads the page's fonts through an empty <style> in a scratch document,
    // which inherits this policy, then fills its sheet through CSSOM, which CSP does not govern. Any
    // <style> with text, and every style attribute, stays refused.
    `style-src 'self' '${EMPTY_STYLE_HASH}'`,
    `img-src 'self' data: blob:${pictures}`,
    "font-src 'self'",
    `connect-src 'self'${pictures}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return [
    ['content-security-policy', csp],
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['origin-agent-cluster', '?1'],
    ['permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    // HSTS only where the site really is https: on http://localhost it means nothing and would
    // linger in a browser that later visits another app on the same host over https.
    ...(options.https ? [['strict-transport-security', 'max-age=31536000; includeSubDomains'] as const] : []),
    ['x-content-type-options', 'nosniff'],
    ['x-dns-prefetch-control', 'off'],
    ['x-download-options', 'noopen'],
    ['x-frame-options', 'DENY'],
    ['x-permitted-cross-domain-policies', 'none'],
    ['x-xss-protection', '0'],
  ];
}

const FRAMABLE_ANYWHERE = /(^|;)\s*frame-ancestors \*/;

/** Every name securityHeaderList may give. */
const LISTED = new Set([
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

/**
 * The head of one answer with the security headers it lacks. `given` is what the answer says (any
 * case); `alreadySet` what is already set on the node response (lower-case names, usually none).
 * Names the answer has either way are left alone. Written for the common case, an answer with none
 * of these names: one pass over its own headers, then the list appended.
 */
export function withSecurityHeaders(
  list: HeaderList,
  given: OutgoingHttpHeaders | undefined,
  alreadySet: OutgoingHttpHeaders = {},
): OutgoingHttpHeaders {
  const head: OutgoingHttpHeaders = {};
  const own = Object.keys(alreadySet).filter((name) => LISTED.has(name));
  let policy: unknown = alreadySet['content-security-policy'];
  for (const key in given) {
    head[key] = given[key];
    const name = key.toLowerCase();
    if (!LISTED.has(name)) continue;
    own.push(name);
    if (name === 'content-security-policy') policy = given[key];
  }
  const framable = policy !== undefined && FRAMABLE_ANYWHERE.test(String(policy));
  for (const [name, value] of list) {
    if (own.length > 0 && own.includes(name)) continue;
    if (name === 'x-frame-options' && framable) continue;
    head[name] = value;
  }
  return head;
}

/**
 * A node ServerResponse class that writes `list()` into every answer's head (http.createServer's
 * `ServerResponse` option). `list` is read per answer, so a server may be listening before the
 * settings that decide the headers are known (the test server picks its port first).
 */
export function securedServerResponse(list: () => HeaderList): typeof ServerResponse {
  class SecuredServerResponse extends ServerResponse<IncomingMessage> {
    // biome-ignore lint/suspicious/noExplicitAny: node's writeHead has three overloaded shapes.
    override writeHead(statusCode: number, ...rest: any[]): this {
      const hasReason = typeof rest[0] === 'string';
      const given = hasReason ? rest[1] : rest[0];
      const alreadySet = this.getHeaders();
      if (Array.isArray(given)) {
        // Raw [name, value] pairs (nothing of ours writes these): node lets them override what is set.
        for (const [name, value] of Object.entries(withSecurityHeaders(list(), undefined, alreadySet))) {
          this.setHeader(name, value as string);
        }
        return super.writeHead(statusCode, ...(rest as [string, OutgoingHttpHeaders]));
      }
      const head = withSecurityHeaders(list(), given, alreadySet);
      return hasReason ? super.writeHead(statusCode, rest[0], head) : super.writeHead(statusCode, head);
    }
  }
  // node types the class by its request generic, which http.createServer instantiates itself.
  return SecuredServerResponse as typeof ServerResponse;
}
