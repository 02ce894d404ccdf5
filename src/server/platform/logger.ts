import pino, { type Logger } from 'pino';
import type { Config } from '../config';

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino(
    {
      level: config.logLevel,
      base: { app: 'campus-yearbook' },
      // Secrets never reach the logs, whatever a handler passes in.
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'],
        censor: '[redacted]',
      },
    },
    // Written off the request path: lines are queued and written to stdout as it drains, instead of a
    // blocking write per request line (issue #25). pino flushes what is queued when the process exits,
    // on every path (a signal's graceful stop, a fatal error, process.exit).
    pino.destination({ dest: 1, sync: false }),
  );
}
