import { forwardRef, type ChangeEvent, type InputHTMLAttributes } from 'react';
import { keepDigits, toAsciiDigits } from '@khelaghor/contract/digits';
import { Input } from './input';

/**
 * What a field that holds digits lets through as it is typed or pasted. Digits in any script
 * (a Bangla keyboard types ১২৩) become ASCII in every kind; the digit-only kinds drop letters at once:
 * - `digits`: 0-9 only (Player UID, codes);
 * - `phone`: and `+`, spaces, dashes (WhatsApp, sender and receiving numbers);
 * - `amount`: and `.` and `,` (taka);
 * - `code`: letters, digits, spaces, `_` and `-` (zone/server IDs, TrxIDs, promo codes).
 */
export type DigitKind = 'digits' | 'phone' | 'amount' | 'code';

const EXTRA: Record<Exclude<DigitKind, 'code'>, string> = { digits: '', phone: '+ -', amount: '.,' };
const INPUT_MODE = { digits: 'numeric', phone: 'tel', amount: 'decimal', code: 'text' } as const;

/** The text a field of this kind keeps of what was typed. */
export function typedDigits(kind: DigitKind, text: string): string {
  if (kind === 'code') return toAsciiDigits(text).replace(/[^\p{L}\p{M}0-9 _-]/gu, '');
  return keepDigits(text, EXTRA[kind]);
}

/**
 * Rewrites the input's value in place before the handler reads it, keeping the caret where the
 * typing was, so both controlled inputs and react-hook-form's `register` see the clean value.
 */
function cleanTyped(input: HTMLInputElement, kind: DigitKind) {
  const raw = input.value;
  const clean = typedDigits(kind, raw);
  if (clean === raw) return;
  const caret = input.selectionStart ?? raw.length;
  const at = typedDigits(kind, raw.slice(0, caret)).length;
  input.value = clean;
  try {
    input.setSelectionRange(at, at);
  } catch {
    // Inputs whose type has no caret (none of ours, but a caller may pass one): the value is enough.
  }
}

/** `digits` absent: a plain Input (so a field kit can pass its optional kind straight through). */
type DigitInputProps = InputHTMLAttributes<HTMLInputElement> & { digits?: DigitKind };

/** The shop's Input for a field that holds digits: see DigitKind. */
export const DigitInput = forwardRef<HTMLInputElement, DigitInputProps>(
  ({ digits, onChange, inputMode, ...props }, ref) => (
    <Input
      ref={ref}
      inputMode={inputMode ?? (digits && INPUT_MODE[digits])}
      {...props}
      onChange={(e: ChangeEvent<HTMLInputElement>) => {
        if (digits) cleanTyped(e.target, digits);
        onChange?.(e);
      }}
    />
  ),
);
DigitInput.displayName = 'DigitInput';
