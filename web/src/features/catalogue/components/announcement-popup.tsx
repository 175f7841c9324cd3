import { useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../shared/ui/dialog';

/** The newest active, unexpired announcement; once closed it stays closed for this visit. */
export default function AnnouncementPopup({ id, title, message }: { id: string; title: string; message: string }) {
  const key = `announcement-seen:${id}`;
  const [open, setOpen] = useState(() => {
    try {
      return sessionStorage.getItem(key) !== '1';
    } catch {
      return true;
    }
  });
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      try {
        sessionStorage.setItem(key, '1');
      } catch {
        /* private mode: show again next time */
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
          <Button onClick={() => close(false)}>Got it</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
