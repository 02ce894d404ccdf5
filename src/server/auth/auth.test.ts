import { describe, expect, it } from 'vitest';
import { trustedOriginsFor } from './auth';

describe('trustedOriginsFor', () => {
  it('trusts only PUBLIC_URL in production', () => {
    expect(trustedOriginsFor('https://yearbook.example', true)).toEqual(['https://yearbook.example']);
    expect(trustedOriginsFor('http://localhost:3000', true)).toEqual(['http://localhost:3000']);
  });

  it('treats localhost and 127.0.0.1 on the same port as one site outside production', () => {
    expect(trustedOriginsFor('http://localhost:3000', false)).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
    ]);
  });

  it('adds nothing for a real host outside production', () => {
    expect(trustedOriginsFor('https://staging.yearbook.example', false)).toEqual([
      'https://staging.yearbook.example',
    ]);
  });
});
