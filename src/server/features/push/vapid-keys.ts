// Web push's VAPID keys (RFC 8292) in embedded mode: `npm start` must work with no settings, and a
// device's subscription is made for one public key, so the pair is generated once and kept in
// DATA_DIR (readable by its owner only), as the auth secret is. With DATABASE_URL the keys come from
// the settings (every instance signs with the same pair), or push is off. Only node:crypto here:
// main.ts reads this before loading the rest of the server.
import { createECDH } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { VapidKeys } from '../../config';

export const VAPID_KEYS_FILE = 'vapid-keys.json';

/** A new P-256 key pair in base64url: the public key uncompressed (65 bytes), the private 32 bytes. */
export function generateVapidKeys(): VapidKeys {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  // A private key with leading zero bytes comes back shorter: padded to its 32 bytes.
  const privateKey = Buffer.alloc(32);
  const raw = curve.getPrivateKey();
  raw.copy(privateKey, 32 - raw.length);
  return {
    publicKey: curve.getPublicKey().toString('base64url'),
    privateKey: privateKey.toString('base64url'),
  };
}

/** Whether `publicKey` is the public key of `privateKey` (a mismatched pair fails every push). */
export function vapidKeysMatch(keys: VapidKeys): boolean {
  try {
    const curve = createECDH('prime256v1');
    curve.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
    return curve.getPublicKey().toString('base64url') === keys.publicKey;
  } catch {
    return false;
  }
}

/**
 * The pair kept in DATA_DIR, made on first start. A file that is there but does not hold a working
 * pair stops start-up: a new pair would silently end the pushes of every device subscribed.
 */
export function loadOrCreateVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  let text: string | null = null;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (text !== null) {
    const kept = readKeys(text);
    if (!kept) {
      throw new VapidKeysError(
        `${file} does not hold a VAPID key pair: restore it from a backup, or remove it to make a new one (every device then turns push on again)`,
      );
    }
    return kept;
  }
  const keys = generateVapidKeys();
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}

/** A kept pair that cannot be used: start-up stops and says what to do (main.ts). */
export class VapidKeysError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VapidKeysError';
  }
}

function readKeys(text: string): VapidKeys | null {
  try {
    const { publicKey, privateKey } = JSON.parse(text) as Partial<VapidKeys>;
    if (typeof publicKey !== 'string' || typeof privateKey !== 'string') return null;
    const keys = { publicKey, privateKey };
    return vapidKeysMatch(keys) ? keys : null;
  } catch {
    return null;
  }
}
