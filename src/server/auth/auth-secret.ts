// In embedded mode `npm start` must work with no settings, yet sessions must survive a restart: the
// secret is generated once and kept in DATA_DIR (readable by its owner only).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function loadOrCreateAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('base64url');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
