// Set-up for the `web` vitest project (happy-dom): each test starts with an empty page and storage,
// and with real timers (a test that fakes them restores them here too).
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
