import { styled } from 'styled-components';
import { ResendVerificationButton } from '../../../components/resend-verification-button.tsx';
import { theme } from '../../../styles/theme.ts';

export const NOT_VERIFIED_TITLE = 'Your email address is not verified yet';

/**
 * The personal area's note for an account whose address is not proven (security audit H2): the
 * site works as usual, the note asks to open the mailed link and offers a new one (rate-limited by
 * the server: one a minute per account, 20 an hour per network). Gone once GET /api/user says
 * `emailVerified`.
 */
export function VerifyEmailNotice({ email }: { email: string }) {
  return (
    <Box aria-labelledby="verify-email-notice-title" data-testid="verify-email-notice">
      <Text>
        <Title id="verify-email-notice-title">{NOT_VERIFIED_TITLE}</Title>
        <span>
          Open the link we sent to <strong>{email}</strong> to confirm it is yours. Cannot find it? Check your spam folder or send a new one.
        </span>
      </Text>
      <ResendVerificationButton $size="sm" />
    </Box>
  );
}

const Box = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px 16px;
  margin-bottom: ${theme.space.lg};
  padding: 12px 16px;
  border: 1px solid ${theme.colors.warningBorder};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.warningSoft};
  color: ${theme.colors.warningText};
  font-size: ${theme.fontSizes.sm};
`;

const Text = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  flex: 1 1 320px;
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Title = styled.h2`
  font-size: ${theme.fontSizes.md};
  font-weight: 700;
`;
