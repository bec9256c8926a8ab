import { forwardRef, useState } from 'react';
import { styled } from 'styled-components';
import { TextField, type TextFieldProps } from '../../../components/ui/input.tsx';
import { theme } from '../../../styles/theme.ts';

/** A password field with a show/hide toggle (a real button, announced by its label and state). */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type' | 'trailing'>>(function PasswordField(props, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      ref={ref}
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <Toggle type="button" aria-label={visible ? 'Hide password' : 'Show password'} aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
          {visible ? <EyeOff /> : <Eye />}
        </Toggle>
      }
    />
  );
});

function Eye() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeOff() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M9.9 4.2A9.7 9.7 0 0 1 12 4c6.4 0 10 7 10 7a17 17 0 0 1-2.2 3.2M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a9.6 9.6 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
      <path d="M2 2l20 20" />
    </svg>
  );
}

// Room on the right of the input for the toggle.
const PasswordInput = styled(TextField)`
  && {
    padding-right: 48px;
  }
`;

const Toggle = styled.button`
  position: absolute;
  right: 4px;
  top: 50%;
  transform: translateY(-50%);
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 32px;
  border: 0;
  border-radius: ${theme.radii.sm};
  background: transparent;
  color: ${theme.colors.textSecondary};
  cursor: pointer;
  &:hover {
    background: ${theme.colors.surfaceMuted};
    color: ${theme.colors.textPrimary};
  }
`;
