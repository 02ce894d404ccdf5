// npm run dev: Vite with hot reload on PORT (3000) and the API server in watch mode on API_PORT
// (3001); Vite proxies /api, /uploads, /embed and /og to it. Both stop together.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './web-build.mjs';

const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: serverEnv(),
  }),
  spawn(bin('vite'), [], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PORT: port, API_PORT: apiPort },
  }),
];

function serverEnv() {
  const env = {
    ...process.env,
    PORT: apiPort,
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
  };
  delete env.API_PORT;
  return env;
}

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
