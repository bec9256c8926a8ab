import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';

interface ConfirmActionDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  /** The confirming button's text ("Delete"). */
  confirmLabel: string;
  /** Its text while the action runs ("Deleting..."). */
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * "Are you sure?" before a destructive action (the kit's Dialog: focus moves in, stays in, returns).
 * Cancel is focused first, so Enter on an opened dialog never deletes by accident.
 */
export function ConfirmActionDialog({ open, title, description, confirmLabel, busyLabel, busy, onConfirm, onClose }: ConfirmActionDialogProps) {
  return (
    <Dialog open={open} onClose={busy ? () => {} : onClose} title={title} description={description}>
      <DialogActions>
        <Button $variant="outline" onClick={onClose} disabled={busy} data-autofocus>
          Cancel
        </Button>
        <Button $variant="destructive" onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
