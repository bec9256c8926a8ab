import { styled } from 'styled-components';
import { isApiError } from '../api/base-api.ts';
import { Button } from './ui/button.tsx';
import { theme } from '../styles/theme.ts';

/**
 * A read that failed (the server answered an error, or no answer came), which is not "not found"
 * (issue 29, W8): what failed, and "Try again", which asks again (RTK Query's `refetch`; nothing retries
 * on its own). `compact` lays it out on one line for a table's message cell.
 */
export function LoadFailed({ message, onRetry, compact = false }: { message: string; onRetry: () => void; compact?: boolean }) {
  return (
    <Box role="alert" $compact={compact}>
      <span>{message}</span>
      <Button type="button" $variant="outline" $size="sm" onClick={onRetry}>
        Try again
      </Button>
    </Box>
  );
}

/** The read answered 404: the thing asked for does not exist (every other failure is a {@link LoadFailed}). */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

const Box = styled.div<{ $compact: boolean }>`
  display: flex;
  flex-direction: ${({ $compact }) => ($compact ? 'row' : 'column')};
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 12px;
  padding: ${({ $compact }) => ($compact ? '0' : '24px 0')};
  color: ${theme.colors.textSecondary};
`;
