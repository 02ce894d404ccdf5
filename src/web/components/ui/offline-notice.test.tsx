// The offline notice follows what TanStack Query knows of the network: it says the screen shows the
// saved copy (or waits for the network) while offline, what the screen asks for otherwise when online,
// and goes when the network comes back.
import { onlineManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OFFLINE_MESSAGES, OfflineNotice } from './offline-notice';

afterEach(() => onlineManager.setOnline(true));

describe('OfflineNotice', () => {
  it('shows the saved-copy notice while offline and goes when the network returns', () => {
    render(<OfflineNotice saved otherwise={null} />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('status').textContent).toBe("You're offline — showing saved posts");
    act(() => onlineManager.setOnline(true));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says the screen will load later when nothing was saved, and its own words when online', () => {
    const { rerender } = render(<OfflineNotice saved={false} otherwise="The server is slow to answer." />);
    expect(screen.getByRole('status').textContent).toBe('The server is slow to answer.');
    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('status').textContent).toBe(OFFLINE_MESSAGES.nothingSaved);
    rerender(<OfflineNotice saved otherwise="The server is slow to answer." />);
    expect(screen.getByRole('status').textContent).toBe(OFFLINE_MESSAGES.saved);
  });
});
