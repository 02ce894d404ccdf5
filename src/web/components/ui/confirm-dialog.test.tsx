// The one confirmation: a modal dialog named by its question; the answer is the button pressed, and a
// question left open when another comes (or the dialog closes by Escape) counts as "no".
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfirmHost, confirmAction } from './confirm-dialog';

describe('confirmAction', () => {
  it('answers true for the confirming button and false for Cancel', async () => {
    render(<ConfirmHost />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirmAction({
        title: 'Delete this post?',
        message: 'This cannot be undone.',
        confirmLabel: 'Delete',
      });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    expect(dialog.textContent).toContain('This cannot be undone.');
    act(() => screen.getByRole('button', { name: 'Delete' }).click());
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('heading', { name: 'Delete this post?' })).toBeNull();

    act(() => {
      answer = confirmAction({ title: 'Lift this suspension?', confirmLabel: 'Lift suspension' });
    });
    act(() => screen.getByRole('button', { name: 'Cancel' }).click());
    await expect(answer).resolves.toBe(false);
  });

  it('answers false to a question replaced by another, and when the dialog closes', async () => {
    render(<ConfirmHost />);
    let first: Promise<boolean> = Promise.resolve(true);
    let second: Promise<boolean> = Promise.resolve(true);
    act(() => {
      first = confirmAction({ title: 'Resolve?', confirmLabel: 'Resolve' });
    });
    act(() => {
      second = confirmAction({ title: 'Suspend?', confirmLabel: 'Suspend' });
    });
    await expect(first).resolves.toBe(false);
    expect(await screen.findByRole('heading', { name: 'Suspend?' })).toBeTruthy();
    // Escape closes a modal dialog: its close event is a "no".
    act(() => {
      screen.getByRole('dialog').dispatchEvent(new Event('close'));
    });
    await expect(second).resolves.toBe(false);
  });
});
