import { Button } from '../../../shared/ui/button';
import { FormDialog } from './kit';

/** A small 'are you sure' modal for an action that cannot be undone (the confirm button says what it does). */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmText,
  pending,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  description: string;
  confirmText: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <FormDialog open={open} onOpenChange={(o) => !o && onCancel()} title={title} description={description}>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={onConfirm} disabled={pending}>
          {confirmText}
        </Button>
      </div>
    </FormDialog>
  );
}
