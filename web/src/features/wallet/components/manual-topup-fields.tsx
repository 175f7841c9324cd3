import type { ManualTopupMethod } from '@khelaghor/contract/facts';
import { useMethodLabel } from '../../../shared/lib/format';
import { cn } from '../../../shared/lib/utils';
import { DigitInput } from '../../../shared/ui/digit-input';
import { Label } from '../../../shared/ui/label';
import { useT } from '../messages';
import { useSite } from '../../../shared/api/site';
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
  receiving,
  onReceivingChange,
}: {
  method: ManualTopupMethod | undefined;
  sender: string;
  onSenderChange: (value: string) => void;
  trxId: string;
  onTrxIdChange: (value: string) => void;
  receiving: string;
  onReceivingChange: (value: string) => void;
}) {
  const tr = useT();
  const methodLabel = useMethodLabel();
  const site = useSite();
  // Several numbers for the method: the buyer says which one they sent to (the SMS must come to it).
  const numbers =
    site.data?.receiving_accounts.wallets.filter((w) => w.provider === method).map((w) => w.number) ?? [];
  return (
    <div className="space-y-3 rounded-md border p-3">
      <p className="text-sm text-muted-foreground">
        {tr('sendInstructions', { method: method ? methodLabel(method) : '' })}
      </p>
      <ReceivingAccountsList method={method} />
      {numbers.length > 1 && (
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">{tr('sentToNumber')}</legend>
          {numbers.map((number) => (
            <label key={number} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="receiving-number"
                value={number}
                checked={receiving === number}
                onChange={() => onReceivingChange(number)}
              />
              <span className="font-mono">{number}</span>
            </label>
          ))}
        </fieldset>
      )}
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
