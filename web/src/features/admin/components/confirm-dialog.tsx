import { useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { useT } from '../messages';
import { FormDialog } from './kit';

/**
 * The app's 'are you sure' modal (never the browser's window.confirm): the confirm button says what
 * it does, and Cancel, Escape or the close button leave everything as it was.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmText,
  pending,
  destructive = true,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  description: string;
  confirmText: string;
  pending?: boolean;
  /** A red confirm button (deletes, refunds); false for an ordinary change. */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const tr = useT();
  return (
    <FormDialog open={open} onOpenChange={(o) => !o && onCancel()} title={title} description={description}>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          {tr('cancel')}
        </Button>
        <Button variant={destructive ? 'destructive' : 'default'} onClick={onConfirm} disabled={pending}>
          {confirmText}
        </Button>
      </div>
    </FormDialog>
  );
}

export type ConfirmRequest = Omit<Parameters<typeof ConfirmDialog>[0], 'open' | 'onCancel' | 'pending'>;

/**
 * One confirm dialog for a component that asks about several things: `ask` opens it with a request,
 * `dialog` is the element to render. The request's onConfirm runs after the dialog closes.
 */
export function useConfirm() {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const dialog = (
    <ConfirmDialog
      open={request !== null}
      title={request?.title ?? ''}
      description={request?.description ?? ''}
      confirmText={request?.confirmText ?? ''}
      destructive={request?.destructive}
      onCancel={() => setRequest(null)}
      onConfirm={() => {
        setRequest(null);
        request?.onConfirm();
      }}
    />
  );
  return { ask: setRequest, dialog };
}
