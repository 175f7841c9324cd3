import { Button } from '../../../shared/ui/button';
import { DigitInput } from '../../../shared/ui/digit-input';
import { Label } from '../../../shared/ui/label';
import { useFormat } from '../../../shared/i18n/format';
import { useT } from '../messages';

const QUICK_AMOUNTS = [100, 200, 500, 1000, 2000, 5000];

/** The amount in taka, typed or picked from the quick amounts. */
export function AmountField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const tr = useT();
  const { number } = useFormat();
  return (
    <div className="space-y-2">
      <Label htmlFor="amount">{tr('amountLabel')}</Label>
      <DigitInput
        id="amount"
        digits="amount"
        placeholder={tr('enterAmount')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby="amount-hint"
      />
      <p id="amount-hint" className="text-xs text-muted-foreground">
        {tr('amountHint')}
      </p>
      <div className="grid grid-cols-3 gap-2" role="group" aria-label={tr('quickAmounts')}>
        {QUICK_AMOUNTS.map((q) => (
          <Button
            key={q}
            variant={value === String(q) ? 'default' : 'outline'}
            size="sm"
            aria-pressed={value === String(q)}
            onClick={() => onChange(String(q))}
          >
            ৳{number(q)}
          </Button>
        ))}
      </div>
    </div>
  );
}
