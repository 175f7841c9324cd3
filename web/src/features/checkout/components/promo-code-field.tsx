import { Loader2, Tag, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../shared/api/client';
import { useFormat } from '../../../shared/i18n/format';
import { Button } from '../../../shared/ui/button';
import { DigitInput } from '../../../shared/ui/digit-input';
import { Label } from '../../../shared/ui/label';
import { quotePromo, type PromoQuote } from '../api';
import { useT } from '../messages';

/**
 * 'Promo code' + 'Apply': the server prices the code for this package (the quote), the page shows
 * the new total and sends the code with the order, where the server prices it again.
 */
export function PromoCodeField({
  variantId,
  applied,
  onChange,
  disabled,
}: {
  variantId: string;
  applied: PromoQuote | undefined;
  onChange: (quote: PromoQuote | undefined) => void;
  disabled?: boolean;
}) {
  const tr = useT();
  const { money } = useFormat();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [checking, setChecking] = useState(false);

  const apply = async (e: FormEvent) => {
    e.preventDefault();
    const code = text.trim().toUpperCase();
    if (!code) return setError(tr('enterPromoCode'));
    setChecking(true);
    setError(undefined);
    try {
      onChange(await quotePromo({ code, variant_id: variantId }));
      setText('');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setChecking(false);
    }
  };

  if (applied) {
    return (
      <div className="flex items-center justify-between gap-2 rounded-md border border-dashed border-green-600/60 bg-green-50 px-3 py-2 text-sm">
        <p className="min-w-0" data-testid="promo-applied">
          <Tag className="mr-1 inline size-4 text-green-700" aria-hidden="true" />
          <span className="font-mono font-semibold">{applied.code}</span>
          <span className="text-green-800">
            {' '}
            · {tr('youSave', { amount: money(applied.discount_amount) })}
          </span>
        </p>
        <Button size="sm" variant="ghost" disabled={disabled} onClick={() => onChange(undefined)}>
          <X aria-hidden="true" /> {tr('remove')}
        </Button>
      </div>
    );
  }
  // Its own <form> (not nested in another): Enter in the field applies the code, never pays.
  return (
    <form onSubmit={(e) => void apply(e)} noValidate className="space-y-1.5">
      <Label htmlFor="promo-code">{tr('promoCode')}</Label>
      <div className="flex gap-2">
        <DigitInput
          id="promo-code"
          digits="code"
          value={text}
          maxLength={24}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={tr('promoPlaceholder')}
          className="uppercase"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'promo-code-error' : undefined}
          disabled={disabled}
          onChange={(e) => {
            setText(e.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" variant="outline" disabled={checking || disabled}>
          {checking && <Loader2 className="animate-spin" aria-hidden="true" />}
          {tr('apply')}
        </Button>
      </div>
      {error && (
        <p id="promo-code-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
