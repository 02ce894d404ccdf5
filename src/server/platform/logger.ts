import pino, { type Logger } from 'pino';
import type { Config } from '../config';

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    base: { app: 'campus-yearbook' },
    // Secrets never reach the logs, whatever a handler passes in.
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'],
      censor: '[redacted]',
    },
  });
}
