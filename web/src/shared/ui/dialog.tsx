import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { forwardRef, type ComponentPropsWithoutRef, type ElementRef } from 'react';
import { cn } from '../lib/utils';
import { useT } from './messages';
import { withClass } from './with-class';

export const Dialog = DialogPrimitive.Root;
const DialogPortal = DialogPrimitive.Portal;

const DialogOverlay = withClass(DialogPrimitive.Overlay, 'fixed inset-0 z-50 bg-black/60');

/** The close button's name, in the page's language (a component: DialogContent is a forwardRef). */
function CloseLabel() {
  const t = useT();
  return <>{t('close')}</>;
}

export const DialogContent = forwardRef<
  ElementRef<typeof DialogPrimitive.Content>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Content>
>(({ className, children, ...props }, ref) => (
  <DialogPortal>
    <DialogOverlay />
    <DialogPrimitive.Content
      ref={ref}
      className={cn(
        'fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
        'gap-4 overflow-y-auto rounded-lg border bg-card p-6 shadow-lg',
        className,
      )}
      {...props}
    >
      {children}
      <DialogPrimitive.Close className="absolute right-4 top-4 rounded-sm opacity-70 transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring">
        <X className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only">
          <CloseLabel />
        </span>
      </DialogPrimitive.Close>
    </DialogPrimitive.Content>
  </DialogPortal>
));
DialogContent.displayName = 'DialogContent';

export const DialogHeader = withClass('div', 'flex flex-col gap-1.5 text-center sm:text-left');
export const DialogFooter = withClass('div', 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end');
export const DialogTitle = withClass(DialogPrimitive.Title, 'text-lg font-semibold leading-none');
export const DialogDescription = withClass(DialogPrimitive.Description, 'text-sm text-muted-foreground');
