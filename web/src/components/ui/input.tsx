import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { styled, css } from 'styled-components';
import { theme } from '../../styles/theme.ts';

export const fieldControl = css<{ $invalid?: boolean }>`
  width: 100%;
  min-height: 40px;
  padding: 8px 12px;
  border: 1px solid ${({ $invalid }) => ($invalid ? theme.colors.negative : theme.colors.inputBorder)};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  color: ${theme.colors.textPrimary};
  font-size: ${theme.fontSizes.md};
  &:focus {
    outline: none;
    border-color: ${theme.colors.inputBorderFocused};
    box-shadow: 0 0 0 3px ${theme.colors.accentSoft};
  }
  &:disabled {
    background: ${theme.colors.surfaceMuted};
  }
  &::placeholder {
    color: ${theme.colors.textMuted};
  }
`;

/** A bare text input (use `TextField` for one with a label). */
export const Input = styled.input<{ $invalid?: boolean }>`
  ${fieldControl}
`;

export const FieldWrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
`;

export const FieldLabel = styled.label`
  font-size: ${theme.fontSizes.sm};
  font-weight: 600;
  color: ${theme.colors.textPrimary};
`;

export const FieldHint = styled.p`
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.textSecondary};
`;

export const FieldError = styled.p`
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.negative};
  font-weight: 500;
`;

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: ReactNode;
  hint?: ReactNode;
  /** Validation message shown under the field (sets aria-invalid). */
  error?: string | undefined;
  /** Something placed after the input inside the same row (a show/hide button). */
  trailing?: ReactNode;
}

/** A labelled input with optional hint and error, wired with `aria-describedby`. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, trailing, id, ...rest },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <FieldWrapper>
      <FieldLabel htmlFor={inputId}>{label}</FieldLabel>
      <InputRow>
        <Input ref={ref} id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} $invalid={Boolean(error)} {...rest} />
        {trailing}
      </InputRow>
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </FieldWrapper>
  );
});

const InputRow = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  gap: 8px;
`;
