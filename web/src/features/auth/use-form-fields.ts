import { useCallback, useState, type ChangeEvent } from 'react';
import type { FieldErrors } from './validation.ts';

/**
 * Text-field form state with validation on submit: the messages appear when the form is submitted
 * and, from then on, follow every change (as react-hook-form's default modes do). A failed submit
 * moves focus to the first invalid field.
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
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
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

  return { values, errors, field, check };
}
