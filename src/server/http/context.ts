import type { Logger } from 'pino';
import type { Viewer } from '../auth/viewer';

/** Values every request carries through the middleware chain. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** The client's address (TRUST_PROXY decides whether X-Forwarded-For is believed). */
    clientAddress: string;
    log: Logger;
    /** Set by loadViewer on /api routes that need it; null for visitors. */
    viewer: Viewer | null;
  };
}
