import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormOutcome } from './form-outcome';

describe('FormOutcome', () => {
  it('reads an error at once (alert) and a success when the reader is free (status)', () => {
    const { rerender } = render(
      <FormOutcome outcome={{ tone: 'error', text: 'Your password is incorrect' }} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Your password is incorrect');
    expect(screen.queryByRole('status')).toBeNull();
    rerender(<FormOutcome outcome={{ tone: 'ok', text: 'Settings saved.' }} />);
    expect(screen.getByRole('status').textContent).toBe('Settings saved.');
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<FormOutcome outcome={null} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps a line in place, an empty status, while there is no outcome', () => {
    const { rerender } = render(<FormOutcome look="line" outcome={null} />);
    expect(screen.getByRole('status').textContent).toBe('');
    rerender(<FormOutcome look="line" outcome={{ tone: 'error', text: 'Could not save.' }} />);
    expect(screen.getByRole('alert').textContent).toBe('Could not save.');
    expect(screen.queryByRole('status')).toBeNull();
    rerender(<FormOutcome look="line" outcome={{ tone: 'ok', text: '@asha is now Moderator.' }} />);
    expect(screen.getByRole('status').textContent).toBe('@asha is now Moderator.');
  });
});
