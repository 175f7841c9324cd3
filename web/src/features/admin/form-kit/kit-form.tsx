import type { ReactNode } from 'react';
import { Button } from '../../../shared/ui/button';
import { useT } from '../messages';

/**
 * A form of the kit: the fields (children), then the submit button, which says 'Saving…' and waits
 * while the form is submitting; only a body the schema accepts reaches `onValid`. The schema's
 * messages stand in for the browser's (noValidate).
 */
export function KitForm<B>({
  form,
  submitText,
  onValid,
  disabled,
  columns = 1,
  children,
}: {
  form: { submitting: boolean; submitTo: (onValid: (body: B) => void) => void };
  submitText: string;
  onValid: (body: B) => void;
  /** Not yet ready to send (the saved values are still loading). */
  disabled?: boolean;
  /** 2: the fields side by side from the small breakpoint up (settings cards). */
  columns?: 1 | 2;
  children: ReactNode;
}) {
  const tr = useT();
  const button = (
    <Button type="submit" disabled={form.submitting || disabled}>
      {form.submitting ? tr('saving') : submitText}
    </Button>
  );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        form.submitTo(onValid);
      }}
      noValidate
      className={columns === 2 ? 'grid gap-3 sm:grid-cols-2' : 'flex flex-col gap-3'}
    >
      {children}
      {columns === 2 ? <div className="sm:col-span-2">{button}</div> : button}
    </form>
  );
}
