import type { ManualTopupMethod } from '@khelaghor/contract/facts';
import { methodLabel } from '../../../shared/lib/format';
import { cn } from '../../../shared/lib/utils';
import { Input } from '../../../shared/ui/input';
import { Label } from '../../../shared/ui/label';
import { ReceivingAccountsList } from './receiving-accounts';

/** For a mobile banking method: pay online through the gateway, or say you sent money (TrxID). */
export function HowToPayToggle({
  manual,
  onChange,
}: {
  manual: boolean;
  onChange: (manual: boolean) => void;
}) {
  return (
    <div className="flex gap-2 rounded-md bg-muted p-1 text-sm" role="group" aria-label="How to pay">
      <button
        type="button"
        aria-pressed={!manual}
        onClick={() => onChange(false)}
        className={cn('flex-1 rounded px-2 py-2', !manual && 'bg-card font-semibold shadow-sm')}
      >
        Pay online
      </button>
      <button
        type="button"
        aria-pressed={manual}
        onClick={() => onChange(true)}
        className={cn('flex-1 rounded px-2 py-2', manual && 'bg-card font-semibold shadow-sm')}
      >
        I sent money (TrxID)
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
  return (
    <div className="space-y-3 rounded-md border p-3">
      <p className="text-sm text-muted-foreground">
        Send the amount to our {method ? methodLabel(method) : ''} account, then enter the number you sent
        from and the transaction ID (TrxID). An admin checks it and your balance is credited.
      </p>
      <ReceivingAccountsList method={method} />
      <div className="space-y-2">
        <Label htmlFor="sender">Sender Number / Account</Label>
        <Input id="sender" inputMode="tel" value={sender} onChange={(e) => onSenderChange(e.target.value)} />
      </div>
      <div className="space-y-2">
        <Label htmlFor="trxid">Transaction ID (TrxID)</Label>
        <Input id="trxid" autoComplete="off" value={trxId} onChange={(e) => onTrxIdChange(e.target.value)} />
      </div>
    </div>
  );
}
