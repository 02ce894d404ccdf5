// npm start: builds the web app when its build is missing or stale, then runs the server in this
// process (so Ctrl-C and SIGTERM reach it directly).
import { register } from 'tsx/esm/api';
import { buildWebApp, webBuildStaleReason } from './web-build.mjs';

const reason = webBuildStaleReason();
if (reason) {
  console.log(`Building the web app: ${reason}.`);
  buildWebApp();
}

register();
await import('../src/server/main.ts');
