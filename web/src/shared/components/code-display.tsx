import { Copy, Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { copyText } from '../lib/clipboard';
import { maskCode } from '../lib/code-mask';
import { Button } from '../ui/button';
import { toast } from '../ui/sonner';

/** A voucher code, masked until revealed, with a copy action ('Copied!'). */
export function CodeDisplay({ code, label = 'Voucher code' }: { code: string; label?: string }) {
  const [shown, setShown] = useState(false);
  const copy = async () => {
    if (await copyText(code)) toast.success('Copied!', { description: 'Code copied to clipboard' });
    else toast.error('Error', { description: 'Could not copy the code' });
  };
  return (
    <div className="flex items-center gap-2">
      <code
        className="min-w-0 flex-1 break-all rounded-md border border-dashed border-primary/50 bg-accent px-3 py-2 font-mono text-sm font-semibold tracking-wider"
        aria-label={shown ? label : `${label}, hidden`}
        data-testid="voucher-code"
      >
        {shown ? code : maskCode(code)}
      </code>
      <Button
        variant="outline"
        size="icon"
        onClick={() => setShown((s) => !s)}
        aria-label={shown ? 'Hide code' : 'Reveal code'}
        aria-pressed={shown}
      >
        {shown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
      </Button>
      <Button variant="outline" size="icon" onClick={() => void copy()} aria-label="Copy code">
        <Copy aria-hidden="true" />
      </Button>
    </div>
  );
}
