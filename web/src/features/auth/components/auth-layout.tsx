import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { Logo } from '../../../components/logo.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';
import { Container } from '../../../components/ui/layout.tsx';
import { theme } from '../../../styles/theme.ts';

/** The centred card every account screen sits in. */
export function AuthLayout({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <Wrap>
      <Column>
        <LogoRow>
          <Logo />
        </LogoRow>
        <Panel aria-busy={busy || undefined}>{children}</Panel>
      </Column>
    </Wrap>
  );
}

const Wrap = styled(Container)`
  padding-top: ${theme.space.xl};
  padding-bottom: ${theme.space.xxl};
`;

const Column = styled.div`
  width: 100%;
  max-width: 440px;
  margin: 0 auto;
`;

const LogoRow = styled.div`
  display: flex;
  justify-content: center;
  margin-bottom: ${theme.space.lg};
`;

const Panel = styled.div`
  min-height: 200px;
  padding: ${theme.space.lg};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  box-shadow: ${theme.shadows.card};
  @media (max-width: ${theme.breakpoints.sm - 0.02}px) {
    padding: ${theme.space.md};
  }
`;

/** A finished step (link sent, password reset): its message and the way back to Log In. */
export function DoneNotice({ children }: { children: ReactNode }) {
  return (
    <>
      <Notice $tone="positive" role="status">
        {children}
      </Notice>
      <Form as="div">
        <ButtonLink to={paths.login} $variant="outline" $block>
          Back to Log In
        </ButtonLink>
      </Form>
    </>
  );
}

export const AuthTitle = styled.h1`
  font-size: ${theme.fontSizes.xxl};
  font-weight: 800;
  letter-spacing: -0.01em;
`;

export const AuthText = styled.p`
  margin-top: 6px;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
`;

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 16px;
  margin-top: ${theme.space.md};
`;

export const Row = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: 1fr;
  @media (min-width: ${theme.breakpoints.sm}px) {
    grid-template-columns: 1fr 1fr;
  }
`;

export const Centered = styled.p`
  text-align: center;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textSecondary};
`;

/** A line with a link on the right ("Forgot password?"). */
export const LinkRow = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: -8px;
  font-size: ${theme.fontSizes.sm};
  & a {
    font-weight: 600;
  }
`;

/** A message box in the card (success or error). */
export const Notice = styled.div<{ $tone: 'positive' | 'negative' }>`
  margin-top: ${theme.space.md};
  padding: 12px 14px;
  border-radius: ${theme.radii.md};
  border: 1px solid ${({ $tone }) => ($tone === 'positive' ? theme.colors.positive : theme.colors.negative)};
  background: ${({ $tone }) => ($tone === 'positive' ? theme.colors.positiveSoft : theme.colors.negativeSoft)};
  color: ${({ $tone }) => ($tone === 'positive' ? theme.colors.positive : theme.colors.negative)};
  font-size: ${theme.fontSizes.sm};
  font-weight: 500;
`;
