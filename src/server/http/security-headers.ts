import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * Headers for every response. The CSP allows no inline script at all. A route may send its own policy
 * headers (the embed page, link-preview images): those are kept, and a response whose own CSP lets any
 * site frame it (`frame-ancestors *`) loses X-Frame-Options, which can only say DENY or SAMEORIGIN.
 */
export const EMPTY_STYLE_HASH = 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';

export function securityHeaders(options: {
  https: boolean;
  /** Where pictures load from when not from this site (S3_PUBLIC_URL's origin). */
  pictureOrigin?: string;
}): MiddlewareHandler {
  // The image download reads pictures with fetch(), so their origin is needed in connect-src as well.
  const pictures = options.pictureOrigin ? [options.pictureOrigin] : [];
  const defaults = secureHeaders({
    overwrite: false,
    // HSTS only where the site really is https: on http://localhost it means nothing and would
    // linger in a browser that later visits another app on the same host over https.
    strictTransportSecurity: options.https ? 'max-age=31536000; includeSubDomains' : false,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // The hash of the empty string: an empty <style> element and nothing else. modern-screenshot
      // (the image download) reads the page's fonts through an empty <style> in a scratch document,
      // which inherits this policy, then fills its sheet through CSSOM, which CSP does not govern. Any
      // <style> with text, and every style attribute, stays refused.
      styleSrc: ["'self'", `'${EMPTY_STYLE_HASH}'`],
      imgSrc: ["'self'", 'data:', 'blob:', ...pictures],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...pictures],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
  });
  return async (c, next) => {
    await defaults(c, next);
    if (/(^|;)\s*frame-ancestors \*/.test(c.res.headers.get('Content-Security-Policy') ?? '')) {
      c.res.headers.delete('X-Frame-Options');
    }
  };
}
