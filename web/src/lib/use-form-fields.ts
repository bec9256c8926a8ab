import { useCallback, useState, type ChangeEvent } from 'react';

/** A form's messages by field (absent: valid). */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * Text-field form state with validation on submit: the messages appear when the form is submitted
 * and, from then on, follow every change (as react-hook-form's default modes do). A failed submit
 * moves focus to the first invalid field. Every form of the client with text fields uses it (sign-up,
 * log-in, password reset, the account page, support); `setErrors` shows the server's messages by field,
 * `reset` empties the form after a success.
 */
export function useFormFields<V extends Record<string, string>>(initial: V, validate: (values: V) => FieldErrors<Extract<keyof V, string>>) {
  type Field = Extract<keyof V, string>;
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [submitted, setSubmitted] = useState(false);

  const field = useCallback(
    (name: Field) => ({
      name,
      value: values[name],
      error: errors[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        const next = { ...values, [name]: event.target.value };
        setValues(next);
        if (submitted) setErrors(validate(next));
      },
    }),
    [values, errors, submitted, validate],
  );

  /** Validates everything; true when valid. Else focuses the first invalid field of `form` (the submitted one). */
  const check = useCallback((form: Element): boolean => {
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first === undefined) return true;
    form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    return false;
  }, [values, validate]);

  const reset = useCallback((next: V = initial) => {
    setValues(next);
    setErrors({});
    setSubmitted(false);
  }, [initial]);

  return { values, errors, field, check, setErrors, reset };
}

/** The per-field messages of a 400 (`{message, errors}`), for the fields the form has. */
export function serverFieldErrors<F extends string>(data: unknown, fields: readonly F[]): FieldErrors<F> {
  if (!data || typeof data !== 'object' || !('errors' in data) || !data.errors || typeof data.errors !== 'object') return {};
  const errors = data.errors as Record<string, unknown>;
  const out: FieldErrors<F> = {};
  for (const f of fields) if (typeof errors[f] === 'string') out[f] = errors[f];
  return out;
}
