import { ChevronDown, CircleHelp } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '../../../shared/lib/utils';
import { useT } from '../product/messages';

/**
 * The game's own 'how to find your Player ID' steps beside the UID field, closed until asked for:
 * a first-time buyer who does not know the UID finds it here instead of asking support.
 */
export function PlayerIdHelp({ steps }: { steps: string[] }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (steps.length === 0) return null;
  return (
    <div data-testid="player-id-help">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex min-h-10 items-center gap-1 text-sm font-medium text-primary underline-offset-2 hover:underline"
      >
        <CircleHelp className="h-4 w-4" aria-hidden="true" />
        {t('howToFindId')}
        <ChevronDown
          className={cn('h-4 w-4 transition-transform', open && 'rotate-180')}
          aria-hidden="true"
        />
      </button>
      <ol
        id={listId}
        hidden={!open}
        className="list-decimal space-y-1 rounded-md bg-muted/60 py-2 pr-3 pl-8 text-sm"
      >
        {steps.map((step, i) => (
          <li key={i}>{step}</li>
        ))}
      </ol>
    </div>
  );
}
