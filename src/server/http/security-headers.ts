import { secureHeaders } from 'hono/secure-headers';

/**
 * Headers for every response. The CSP allows no inline script at all; share surfaces that must be
 * framed (embeds) set their own frame-ancestors when they land.
 */
export function securityHeaders(options: { https: boolean }) {
  return secureHeaders({
    // HSTS only where the site really is https: on http://localhost it means nothing and would
    // linger in a browser that later visits another app on the same host over https.
    strictTransportSecurity: options.https ? 'max-age=31536000; includeSubDomains' : false,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
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
}
