// The one way a form is written here (docs/decisions/024): its fields' values in one state, checked
// before anything is sent by the shared rules (`checkWith(schema)` over a src/shared zod schema, or a
// function of the form's own), the first field in error focused, a field's message brought up to date
// as it is corrected, the server's refusal of one field put under that field (`refuse`), and `pending`
// while the sending runs. Fields show their message through TextField's `error`, which ties it to the
// input (aria-invalid, aria-describedby).
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { fieldRefusal } from './form-errors';

export type FieldErrors<Values> = Partial<Record<keyof Values & string, string>>;

/** What a check makes of the values: what to send, or the message of each field in error. */
export type Checked<Values, Output> = { ok: true; data: Output } | { ok: false; errors: FieldErrors<Values> };

/** What checkWith needs of a shared (zod/mini) schema. */
interface Schema<Output> {
  safeParse(
    data: unknown,
  ):
    | { success: true; data: Output }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** A shared schema as a form's check: each field's first message, as the server would give it. */
export function checkWith<Output>(schema: Schema<Output>) {
  return (values: unknown): Checked<never, Output> => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return { ok: true, data: parsed.data };
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  };
}

/** A form's own check as a check: `validate` gives each field's message, none when all is well. */
export function checkBy<Values>(validate: (values: Values) => FieldErrors<Values>) {
  return (values: Values): Checked<Values, Values> => {
    const errors = validate(values);
    return Object.values(errors).some(Boolean) ? { ok: false, errors } : { ok: true, data: values };
  };
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** What wires one field: spread on TextField, PasswordField, or a textarea or select (without `error`). */
export interface FieldProps {
  name: string;
  ref: (element: Field | null) => void;
  value: string | number;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
}

export function useForm<Values extends object, Output = Values>(options: {
  initial: Values;
  check?: (values: Values) => Checked<Values, Output>;
}) {
  const [values, setValues] = useState(options.initial);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [pending, setPending] = useState(false);
  const elements = useRef(new Map<string, Field>()).current;
  const refs = useRef<Record<string, (element: Field | null) => void>>({}).current;
  const check =
    options.check ?? ((all: Values): Checked<Values, Output> => ({ ok: true, data: all as never }));

  // The fields to focus the first of, once the page shows their messages and they take focus again (a
  // field disabled while sending is enabled a render later).
  const toFocus = useRef<string[] | null>(null);
  useEffect(() => {
    const first = toFocus.current
      ?.map((name) => elements.get(name))
      .filter((element) => element !== undefined)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
    if (first?.disabled) return;
    toFocus.current = null;
    first?.focus();
  });

  /** Shows `shown` and focuses the first of its fields on the page. */
  function showErrors(shown: FieldErrors<Values>) {
    setErrors(shown);
    toFocus.current = Object.keys(shown).filter((name) => shown[name as keyof FieldErrors<Values>]);
  }

  function setValue<Name extends keyof Values & string>(name: Name, value: Values[Name]) {
    setValues((current) => ({ ...current, [name]: value }));
    // A field with a message is checked again as it changes: the message follows the correction.
    if (errors[name]) {
      const checked = check({ ...values, [name]: value });
      setErrors((current) => ({ ...current, [name]: checked.ok ? undefined : checked.errors[name] }));
    }
  }

  return {
    values,
    errors,
    pending,
    setValue,
    showErrors,
    /** Back to `to` (the first values, unless said), with no messages. */
    reset(to: Values = options.initial) {
      setValues(to);
      setErrors({});
    },
    /** The props that wire an input, textarea or select (TextField, PasswordField, or the element). */
    field<Name extends keyof Values & string>(name: Name): FieldProps {
      refs[name] ??= (element) => {
        if (element) elements.set(name, element);
        else elements.delete(name);
      };
      return {
        name,
        ref: refs[name],
        value: values[name] as string | number,
        error: errors[name],
        onChange: (event: { target: { value: string } }) =>
          setValue(
            name,
            (typeof values[name] === 'number'
              ? Number(event.target.value)
              : event.target.value) as Values[Name],
          ),
      };
    },
    /**
     * Puts the server's refusal of one field of this form under it, focused; answers whether it did (a
     * refusal about no field here is the caller's to show).
     */
    refuse(problem: unknown): boolean {
      const refusal = fieldRefusal(problem, Object.keys(values));
      if (refusal) showErrors({ [refusal.field]: refusal.message } as FieldErrors<Values>);
      return refusal !== null;
    },
    /**
     * The form's onSubmit: checks (by `submitCheck`, where forms sharing these values check them their
     * own way), then sends what the check gave, `pending` meanwhile.
     */
    handleSubmit<Sent = Output>(
      send: (data: Sent) => Promise<unknown> | unknown,
      submitCheck: (all: Values) => Checked<Values, Sent> = check as never,
    ) {
      return async (event?: FormEvent) => {
        event?.preventDefault();
        if (pending) return;
        const checked = submitCheck(values);
        if (!checked.ok) {
          showErrors(checked.errors);
          return;
        }
        setErrors({});
        setPending(true);
        try {
          await send(checked.data);
        } finally {
          setPending(false);
        }
      };
    },
  };
}

export type Form<Values extends object, Output = Values> = ReturnType<typeof useForm<Values, Output>>;

/** What a part of a form that draws some of its fields needs (the profile forms' shared fields). */
export type FormFields<Values extends object> = Pick<Form<Values>, 'values' | 'field' | 'setValue'>;
