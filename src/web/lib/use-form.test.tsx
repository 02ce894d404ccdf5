// The one form pattern (docs/decisions/024): checked on submit by a shared schema, the first field in
// error focused and described, its message following the correction, the server's refusal of one
// field under that field, and pending while sending.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { TextField } from '../components/ui/text-field';
import { ApiError } from './api-client';
import { checkWith, useForm } from './use-form';

const schema = z.object({
  name: z.string().check(z.minLength(1, 'Full name is required')),
  email: z.string().check(z.minLength(3, 'Enter a valid email address')),
});

function Probe({ send }: { send: (values: { name: string; email: string }) => Promise<void> }) {
  const form = useForm({ initial: { name: '', email: '' }, check: checkWith(schema) });
  const submit = form.handleSubmit(async (values) => {
    try {
      await send(values);
    } catch (problem) {
      form.refuse(problem);
    }
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <TextField label="Name" {...form.field('name')} disabled={form.pending} />
      <TextField label="Email" {...form.field('email')} disabled={form.pending} />
      <button type="submit" disabled={form.pending}>
        {form.pending ? 'Saving...' : 'Save'}
      </button>
    </form>
  );
}

describe('useForm', () => {
  it('checks on submit, focuses the first field in error, and follows the correction', async () => {
    const send = vi.fn(async () => {});
    render(<Probe send={send} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(send).not.toHaveBeenCalled();
    const name = screen.getByLabelText('Name');
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Full name is required',
    );
    fireEvent.change(name, { target: { value: 'Asha' } });
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
  });

  it("puts the server's refusal of a field under it, focused once enabled again, and is pending while sending", async () => {
    let refuse: (problem: unknown) => void = () => {};
    const send = vi.fn(() => new Promise<void>((_, reject) => (refuse = reject)));
    render(<Probe send={send} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Asha' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.com' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(send).toHaveBeenCalledWith({ name: 'Asha', email: 'asha@example.com' });
    expect((screen.getByRole('button', { name: 'Saving...' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => refuse(new ApiError(400, 'EMAIL_TAKEN', 'That email is already in use', 'email')));
    const email = screen.getByLabelText('Email');
    expect(document.activeElement).toBe(email);
    expect(screen.getByText('That email is already in use')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});
