import { forwardRef, useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { styled } from 'styled-components';
import { FieldError, FieldHint, FieldLabel, FieldWrapper, fieldControl } from '../../../components/ui/input.tsx';
import { theme } from '../../../styles/theme.ts';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** Monospace text (HTML, CSS, JSON). */
  code?: boolean;
}

/** A labelled multi-line field (the kit's field styles), hint and error wired with `aria-describedby`. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, hint, error, code, id, ...rest },
  ref,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <FieldWrapper>
      <FieldLabel htmlFor={fieldId}>{label}</FieldLabel>
      <TextArea ref={ref} id={fieldId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} $invalid={Boolean(error)} $code={Boolean(code)} {...rest} />
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </FieldWrapper>
  );
});

const TextArea = styled.textarea<{ $invalid?: boolean; $code: boolean }>`
  ${fieldControl}
  min-height: 96px;
  resize: vertical;
  line-height: 1.5;
  font-family: ${({ $code }) => ($code ? theme.fonts.mono : 'inherit')};
  font-size: ${({ $code }) => ($code ? theme.fontSizes.sm : theme.fontSizes.md)};
`;

/** A titled block inside a tab. */
export const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
  min-width: 0;
`;

export const SectionText = styled.p`
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
`;

/** A row of buttons that wraps on a phone. */
export const ButtonRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
  align-items: center;
`;

/** The tab's column of cards. */
export const TabStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.lg};
  min-width: 0;
`;
