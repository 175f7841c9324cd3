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
import { localized } from '../../../shared/i18n/content';
import { useLocale } from '../../../shared/i18n/i18n';
import { useT } from '../messages';

/** A short, stable fingerprint of the text: an edited announcement counts as a new one. */
function fingerprint(text: string): string {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return (hash >>> 0).toString(36);
}

/**
 * Where a closed announcement is remembered, per announcement and per wording (in either language:
 * closed once, it stays closed after a language switch; without Bangla texts the key is as it was).
 */
const dismissedKey = (id: string, title: string, message: string, ...bangla: (string | null)[]) =>
  `announcement-dismissed:${id}:${fingerprint([title, message, ...bangla.filter(Boolean)].join('\n'))}`;

/**
 * The newest active, unexpired announcement. Once closed it stays closed on this device (also in
 * later visits); a new announcement, or this one reworded, shows again.
 */
export default function AnnouncementPopup({
  id,
  title,
  message,
  title_bn = null,
  message_bn = null,
}: {
  id: string;
  title: string;
  message: string;
  /** The admin's Bangla texts, shown in Bangla when given. */
  title_bn?: string | null;
  message_bn?: string | null;
}) {
  const t = useT();
  const locale = useLocale();
  const key = dismissedKey(id, title, message, title_bn, message_bn);
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
    <>
      {/* Says the popup has decided (a closed one renders nothing else): tests wait for it. */}
      <span hidden data-announcement={open ? 'open' : 'dismissed'} />
      <Dialog open={open} onOpenChange={close}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{localized(locale, title, title_bn)}</DialogTitle>
            <DialogDescription className="whitespace-pre-line">
              {localized(locale, message, message_bn)}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button onClick={() => close(false)}>{t('gotIt')}</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
