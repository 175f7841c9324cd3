import { Copy, Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { copyText } from '../lib/clipboard';
import { maskCode } from '../lib/code-mask';
import { cn } from '../lib/utils';
import { Button } from '../ui/button';
import { toast } from '../ui/sonner';
import { t, useT } from './messages';

function MaskedCode({ masked }: { masked: string }) {
  if (masked.length <= 8) return <>{masked}</>;
  return (
    <>
      {masked.slice(0, 4)}
      {/* Inline-level, so the code reads (and copies as text) in one piece. */}
      <span className="inline-block max-w-[calc(100%-9ch)] overflow-hidden align-top">
        {masked.slice(4, -4)}
      </span>
      {masked.slice(-4)}
    </>
  );
}

/** A voucher code, masked until revealed, with a copy action ('Copied!'). */
export function CodeDisplay({ code, label: givenLabel }: { code: string; label?: string }) {
  const tr = useT();
  const label = givenLabel ?? tr('voucherCode');
  const [shown, setShown] = useState(false);
  const copy = async () => {
    if (await copyText(code)) toast.success(t('copied'), { description: t('codeCopied') });
    else toast.error(t('error'), { description: t('couldNotCopy') });
  };
  return (
    <div className="flex items-center gap-2">
      <code
        className={cn(
          'min-w-0 flex-1 rounded-md border border-dashed border-primary/50 bg-accent px-3 py-2 font-mono text-sm font-semibold tracking-wider',
          // Masked, it stays on one line on a 360-px phone: the asterisks give way, never the ends.
          shown ? '[overflow-wrap:anywhere]' : 'overflow-hidden whitespace-nowrap',
        )}
        aria-label={shown ? label : tr('hiddenLabel', { label })}
        data-testid="voucher-code"
      >
        {shown ? code : <MaskedCode masked={maskCode(code)} />}
      </code>
      <Button
        variant="outline"
        size="icon"
        onClick={() => setShown((s) => !s)}
        aria-label={shown ? tr('hideCode') : tr('revealCode')}
        aria-pressed={shown}
      >
        {shown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
      </Button>
      <Button variant="outline" size="icon" onClick={() => void copy()} aria-label={tr('copyCode')}>
        <Copy aria-hidden="true" />
      </Button>
    </div>
  );
}
