import { type ComponentProps, useState } from 'react';
import { Icon } from '../icons/icon';
import { TextField } from './text-field';

type PasswordFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'trailing'>;

// Password input with a show/hide button. The button's name says what it will do ("Show password" /
// "Hide password"), which is what screen readers announce and what tests look for.
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);

  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={(inputId) => (
        <button
          type="button"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-controls={inputId}
          onClick={() => setVisible((current) => !current)}
          className="flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
        >
          {visible ? <Icon name="eye-off" className="size-5" /> : <Icon name="eye" className="size-5" />}
        </button>
      )}
    />
  );
}
