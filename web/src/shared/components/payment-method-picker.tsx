import { METHOD_LABELS, type ManualTopupMethod, type OrderPaymentMethod } from '@khelaghor/contract/facts';
import type { ReactNode } from 'react';
import { cn } from '../lib/utils';
import { useT } from './messages';

type Method = OrderPaymentMethod | ManualTopupMethod;

interface Props<M extends Method> {
  /** The methods offered, in order (a list from the contract's facts). */
  methods: readonly M[];
  value: M | undefined;
  onChange: (method: M) => void;
  /** The radio group's name. */
  name: string;
  legend: string;
  /**
   * With a hint: a card per method (label and hint, the legend for screen readers only), 2 or 4
   * columns. Without: a compact button per method, 2 columns, the legend shown.
   */
  hint?: (method: M) => ReactNode;
}

/**
 * The payment method radio group (the order's step 3 and Add Money): labels from the contract,
 * Wallet and Bank Transfer in the page's language (bKash, Nagad, Rocket are written alike in both).
 */
export function PaymentMethodPicker<M extends Method>({
  methods,
  value,
  onChange,
  name,
  legend,
  hint,
}: Props<M>) {
  const t = useT();
  const detailed = hint !== undefined;
  const label = (m: M) =>
    m === 'wallet' ? t('methodWallet') : m === 'bank_transfer' ? t('methodBankTransfer') : METHOD_LABELS[m];
  return (
    <fieldset className={detailed ? undefined : 'space-y-2'}>
      <legend className={detailed ? 'sr-only' : 'text-sm font-medium'}>{legend}</legend>
      <div className={detailed ? 'grid grid-cols-2 gap-2 sm:grid-cols-4' : 'grid grid-cols-2 gap-2'}>
        {methods.map((m) => (
          <label
            key={m}
            className={cn(
              detailed
                ? 'flex min-h-16 cursor-pointer flex-col justify-center rounded-lg border-2 p-3 text-sm'
                : 'flex h-12 cursor-pointer items-center justify-center rounded-lg border-2 text-sm font-semibold',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              value === m
                ? 'border-primary bg-accent'
                : detailed
                  ? 'border-border bg-card hover:border-primary/50'
                  : 'border-border bg-card',
            )}
          >
            <input
              type="radio"
              name={name}
              value={m}
              checked={value === m}
              onChange={() => onChange(m)}
              className="sr-only"
            />
            {detailed ? (
              <>
                <span className="font-semibold">{label(m)}</span>
                <span className="text-xs text-muted-foreground">{hint(m)}</span>
              </>
            ) : (
              label(m)
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
