import { useCallback, useRef, useState, type ChangeEvent } from 'react';
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
  const submitted = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  const field = useCallback(
    (name: Field) => ({
      name,
      value: values[name],
      error: errors[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const next = { ...values, [name]: event.target.value };
        setValues(next);
        if (submitted.current) setErrors(validate(next));
      },
    }),
    [values, errors, validate],
  );

  /** Validates everything; true when valid. */
  const check = useCallback((): boolean => {
    submitted.current = true;
    const found = validate(values);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first === undefined) return true;
    formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    return false;
  }, [values, validate]);

  return { values, errors, field, check, formRef };
}
