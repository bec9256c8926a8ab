import { serverMessage } from '../api/base-api.ts';
import { useResendVerificationMutation } from '../lib/session/api.ts';
import { Button, type ButtonSize, type ButtonVariant } from './ui/button.tsx';
import { useToast } from './ui/toast.tsx';

export const RESEND_LABEL = 'Resend verification email';
export const RESEND_SENT = 'Verification email sent';
export const RESEND_FAILED = 'Could not send the verification email';

/**
 * "Resend verification email" (`POST /api/resend-verification`): a toast says it was sent (the
 * server's sentence names the address) or why not (the server's message, e.g. the 429 "Please wait
 * 40 seconds…" or "Too many verification emails from your network…"). Shared by the personal area's
 * notice and the /verify-email screen after a dead link.
 */
export function ResendVerificationButton({ $variant = 'outline', $size = 'md', $block }: { $variant?: ButtonVariant; $size?: ButtonSize; $block?: boolean }) {
  const [resend, { isLoading }] = useResendVerificationMutation();
  const { toast } = useToast();

  async function onClick() {
    try {
      const answer = await resend().unwrap();
      toast({ title: RESEND_SENT, description: answer.message });
    } catch (error) {
      toast({ title: RESEND_FAILED, description: serverMessage(error), variant: 'destructive' });
    }
  }

  return (
    <Button $variant={$variant} $size={$size} $block={$block} onClick={() => void onClick()} disabled={isLoading} aria-busy={isLoading || undefined}>
      {RESEND_LABEL}
    </Button>
  );
}
