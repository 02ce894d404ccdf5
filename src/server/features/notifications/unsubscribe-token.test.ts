import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token';

const secret = 'a-secret-of-the-server-0123456789';

describe('unsubscribe tokens', () => {
  it('name the account they were made for', () => {
    expect(readUnsubscribeToken(secret, unsubscribeToken(secret, 'user-1'))).toBe('user-1');
  });

  it('are refused when forged, altered or made under another secret', () => {
    const token = unsubscribeToken(secret, 'user-1');
    const [, signature] = token.split('.');
    const otherId = Buffer.from('user-2').toString('base64url');
    expect(readUnsubscribeToken(secret, `${otherId}.${signature}`)).toBeNull();
    expect(readUnsubscribeToken('another-secret', token)).toBeNull();
    expect(readUnsubscribeToken(secret, `${token}x`)).toBeNull();
    expect(readUnsubscribeToken(secret, `${token}.more`)).toBeNull();
    expect(readUnsubscribeToken(secret, '')).toBeNull();
    expect(readUnsubscribeToken(secret, 'dXNlci0x')).toBeNull();
  });
});
