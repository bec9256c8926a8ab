import { styled } from 'styled-components';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { theme } from '../../../styles/theme.ts';

export const secretOnceTexts = {
  copy: 'Copy',
  copied: 'Copied to the clipboard',
  copyFailed: 'Could not copy: select the text and copy it yourself',
  done: 'Done',
} as const;

/**
 * A secret the server shows once (an API token, a webhook's signing secret): the value, a copy
 * button and a warning that it will not be shown again. "Done" forgets it.
 */
export function SecretOnce({ label, warning, secret, onDone }: { label: string; warning: string; secret: string; onDone: () => void }) {
  const { toast } = useToast();
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: secretOnceTexts.copied });
    } catch {
      toast({ title: secretOnceTexts.copyFailed, variant: 'destructive' });
    }
  }
  return (
    <Box role="status" aria-label={label}>
      <Warning>{warning}</Warning>
      <Secret data-testid="secret-once">{secret}</Secret>
      <Row>
        <Button type="button" $variant="secondary" onClick={copy}>
          {secretOnceTexts.copy}
        </Button>
        <Button type="button" $variant="ghost" onClick={onDone}>
          {secretOnceTexts.done}
        </Button>
      </Row>
    </Box>
  );
}

const Box = styled.div`
  margin-top: ${theme.space.md};
  padding: ${theme.space.md};
  border: 1px solid ${theme.colors.warningBorder};
  background: ${theme.colors.warningSoft};
  border-radius: ${theme.radii.md};
  display: grid;
  gap: 8px;
`;

const Warning = styled.p`
  margin: 0;
  font-weight: 600;
  color: ${theme.colors.warningText};
`;

const Secret = styled.code`
  display: block;
  padding: 8px;
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surfaceMuted};
  font-family: ${theme.fonts.mono};
  font-size: 13px;
  overflow-wrap: anywhere;
  user-select: all;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;
