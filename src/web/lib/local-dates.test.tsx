// Dates on a page the server drew: the campuses' date while hydrating (so the page the browser takes
// over is the page the server drew), then, once the browser is idle, the reader's own words.
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { scaled } from '../../../tests/support/machine-factor';
import { useLocalDate } from './local-dates';

function Dates({ iso }: { iso: string }) {
  return (
    <p>
      <span>{useLocalDate(iso)}</span>|<span>{useLocalDate(iso, 'timeAgo')}</span>|
      <span>{useLocalDate(iso, 'exact')}</span>
    </p>
  );
}

describe('local dates', () => {
  it("hydrate as the campuses' date, then read in the reader's language and zone", async () => {
    const iso = new Date(Date.now() - 5 * 60_000).toISOString();
    const old = '2026-01-10T20:00:00.000Z';
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <>
        <Dates iso={iso} />
        <Dates iso={old} />
      </>,
    );
    expect(container.textContent).toContain('11 Jan 2026|11 Jan 2026|11 Jan 2026');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () =>
      hydrateRoot(
        container,
        <>
          <Dates iso={iso} />
          <Dates iso={old} />
        </>,
      ),
    );
    expect(errors).not.toHaveBeenCalled(); // no hydration mismatch
    errors.mockRestore();
    // This test browser's language is en-US.
    // The formats arrive with an idle task and a chunk import: given time on a busy machine.
    await vi.waitFor(() => expect(container.textContent).toMatch(/\|5 min\.? ago\|/), {
      timeout: scaled(10_000),
    });
    expect(container.textContent).toMatch(/Jan 1[01], 2026\|Jan 1[01], 2026\|Jan 1[01], 2026, \d+:00 [AP]M$/);
  });
});
