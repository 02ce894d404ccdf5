// Embedded mode's VAPID pair (issue #51): made once on first start, kept in DATA_DIR for its owner only,
// the same pair at every start after, and never silently replaced.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generateVapidKeys, loadOrCreateVapidKeys, VAPID_KEYS_FILE, vapidKeysMatch } from './vapid-keys';

const dirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yb-vapid-'));
  dirs.push(dir);
  return path.join(dir, 'data');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the VAPID keys of embedded mode', () => {
  it('are made on first start, kept readable by their owner only, and the same at the next start', () => {
    const dir = dataDir();
    const keys = loadOrCreateVapidKeys(dir);
    expect(keys.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(keys.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(vapidKeysMatch(keys)).toBe(true);
    expect(fs.statSync(path.join(dir, VAPID_KEYS_FILE)).mode & 0o777).toBe(0o600);
    expect(loadOrCreateVapidKeys(dir)).toEqual(keys);
  });

  it('stop start-up rather than replace a kept file that holds no working pair', () => {
    const dir = dataDir();
    fs.mkdirSync(dir, { recursive: true });
    const mismatched = {
      publicKey: generateVapidKeys().publicKey,
      privateKey: generateVapidKeys().privateKey,
    };
    for (const text of ['not json', '{}', JSON.stringify(mismatched)]) {
      fs.writeFileSync(path.join(dir, VAPID_KEYS_FILE), text);
      expect(() => loadOrCreateVapidKeys(dir)).toThrow(/does not hold a VAPID key pair/);
      expect(fs.readFileSync(path.join(dir, VAPID_KEYS_FILE), 'utf8')).toBe(text);
    }
  });

  it('always come as 32-byte private keys (a key with leading zero bytes is padded)', () => {
    for (let i = 0; i < 300; i++) {
      const keys = generateVapidKeys();
      expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);
      expect(vapidKeysMatch(keys)).toBe(true);
    }
  });
});
