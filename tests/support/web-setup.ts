// Set-up for the `web` vitest project (happy-dom): each test starts with an empty page, storage and
// announcer, and with real timers (a test that fakes them restores them here too).
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearAnnouncements } from '../../src/web/components/ui/announcer';

afterEach(() => {
  cleanup();
  clearAnnouncements();
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
