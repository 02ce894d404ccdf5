import type { Logger } from 'pino';
import type { Viewer } from '../auth/viewer';

/** Values every request carries through the middleware chain. */
export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
    /** Set by loadViewer on /api routes that need it; null for visitors. */
    viewer: Viewer | null;
  };
}
