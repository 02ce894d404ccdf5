// A pino logger whose JSON lines a test can read back: what an operator would see of an outage (once,
// with its cause and recovery; no stack for what is not our bug).
import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';

/** One log line, with the fields the outage tests read. */
export interface LogLine {
  level: number;
  msg: string;
  dependency?: string;
  status?: number;
  err?: unknown;
  cause?: { code: string | null; message: string };
  downMs?: number;
  failures?: number;
}

export const LOG_LEVEL = { info: 30, warn: 40, error: 50 } as const;

export function captureLogs(): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}
