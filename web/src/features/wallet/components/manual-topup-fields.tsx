import type { ManualTopupMethod } from '@khelaghor/contract/facts';
import { useMethodLabel } from '../../../shared/lib/format';
import { cn } from '../../../shared/lib/utils';
import { DigitInput } from '../../../shared/ui/digit-input';
import { Label } from '../../../shared/ui/label';
import { useT } from '../messages';
import { ReceivingAccountsList } from './receiving-accounts';

/** For a mobile banking method: pay online through the gateway, or say you sent money (TrxID). */
export function HowToPayToggle({
  manual,
  onChange,
}: {
  manual: boolean;
  onChange: (manual: boolean) => void;
}) {
  const tr = useT();
  return (
    <div className="flex gap-2 rounded-md bg-muted p-1 text-sm" role="group" aria-label={tr('howToPay')}>
      <button
        type="button"
        aria-pressed={!manual}
        onClick={() => onChange(false)}
        className={cn('flex-1 rounded px-2 py-2', !manual && 'bg-card font-semibold shadow-sm')}
      >
        {tr('payOnline')}
      </button>
      <button
        type="button"
        aria-pressed={manual}
        onClick={() => onChange(true)}
        className={cn('flex-1 rounded px-2 py-2', manual && 'bg-card font-semibold shadow-sm')}
      >
        {tr('iSentMoney')}
      </button>
    </div>
  );
}

/** Money sent by hand: the number it came from and its transaction ID, for an admin to check. */
export function ManualTopupFields({
  method,
  sender,
  onSenderChange,
  trxId,
  onTrxIdChange,
}: {
  method: ManualTopupMethod | undefined;
  sender: string;
  onSenderChange: (value: string) => void;
  trxId: string;
  onTrxIdChange: (value: string) => void;
}) {
  const tr = useT();
  const methodLabel = useMethodLabel();
  return (
    <div className="space-y-3 rounded-md border p-3">
      <p className="text-sm text-muted-foreground">
        {tr('sendInstructions', { method: method ? methodLabel(method) : '' })}
      </p>
      <ReceivingAccountsList method={method} />
      <div className="space-y-2">
        <Label htmlFor="sender">{tr('senderNumber')}</Label>
        <DigitInput
          id="sender"
          digits="phone"
          value={sender}
          onChange={(e) => onSenderChange(e.target.value)}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="trxid">{tr('trxIdLabel')}</Label>
        <DigitInput
          id="trxid"
          digits="code"
          autoComplete="off"
          value={trxId}
          onChange={(e) => onTrxIdChange(e.target.value)}
        />
      </div>
    </div>
  );
}
