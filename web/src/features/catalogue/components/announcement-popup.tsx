import { useState } from 'react';
import { Button } from '../../../shared/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../shared/ui/dialog';
import { useT } from '../messages';

/** A short, stable fingerprint of the text: an edited announcement counts as a new one. */
function fingerprint(text: string): string {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return (hash >>> 0).toString(36);
}

/** Where a closed announcement is remembered, per announcement and per wording. */
export const dismissedKey = (id: string, title: string, message: string) =>
  `announcement-dismissed:${id}:${fingerprint(`${title}\n${message}`)}`;

/**
 * The newest active, unexpired announcement. Once closed it stays closed on this device (also in
 * later visits); a new announcement, or this one reworded, shows again.
 */
export default function AnnouncementPopup({
  id,
  title,
  message,
}: {
  id: string;
  title: string;
  message: string;
}) {
  const t = useT();
  const key = dismissedKey(id, title, message);
  const [open, setOpen] = useState(() => {
    try {
      return localStorage.getItem(key) === null;
    } catch {
      return true;
    }
  });
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      try {
        localStorage.setItem(key, new Date().toISOString());
      } catch {
        /* storage blocked: show again next time */
      }
    }
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="whitespace-pre-line">{message}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button onClick={() => close(false)}>{t('gotIt')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
