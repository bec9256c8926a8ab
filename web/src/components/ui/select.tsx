import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { styled } from 'styled-components';
import { FieldError, FieldHint, FieldLabel, FieldWrapper, fieldControl } from './input.tsx';

/** A bare native select (use `SelectField` for one with a label). */
export const NativeSelect = styled.select<{ $invalid?: boolean }>`
  ${fieldControl}
  appearance: auto;
  cursor: pointer;
`;

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  children: ReactNode;
}

/** A labelled native select. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, hint, error, id, children, ...rest },
  ref,
) {
  const generated = useId();
  const selectId = id ?? generated;
  const hintId = hint ? `${selectId}-hint` : undefined;
  const errorId = error ? `${selectId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <FieldWrapper>
      <FieldLabel htmlFor={selectId}>{label}</FieldLabel>
      <NativeSelect ref={ref} id={selectId} aria-describedby={describedBy} aria-invalid={error ? true : undefined} $invalid={Boolean(error)} {...rest}>
        {children}
      </NativeSelect>
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </FieldWrapper>
  );
});
