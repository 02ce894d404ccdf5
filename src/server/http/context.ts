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
    /**
     * Under NODE_ENV=test: every JSON answer of a described route is checked against the schema it
     * declares (http/api-docs.ts), so the tests catch an answer its contract does not allow.
     */
    checkAnswers?: boolean;
  };
}
