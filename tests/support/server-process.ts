// Runs src/server/main.ts as its own process, as `npm start` does after building, for tests that
// need the real process: start-up checks, the data-directory lock, signals.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { scaled } from './machine-factor';

export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts the server and waits until it listens; rejects with its output if it exits first. */
export function startServerProcess(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const { child, output, exited } = spawnServer(env);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in time:\n${output()}`)),
      scaled(30_000),
    );
    child.stdout?.on('data', () => {
      const match = output().match(/"port":(\d+).*Campus Yearbook is running/);
      if (!match) return;
      clearTimeout(timer);
      resolve({
        child,
        url: `http://127.0.0.1:${match[1]}`,
        output,
        async stop(signal = 'SIGINT') {
          child.kill(signal);
          return exited;
        },
      });
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output()}`));
    });
  });
}

/** Runs the server expecting it to refuse to start; resolves with its exit code and output. */
export async function runServerExpectingExit(
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> {
  const { output, exited } = spawnServer(env);
  const code = await exited;
  return { code, output: output() };
}

function spawnServer(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'info', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}
