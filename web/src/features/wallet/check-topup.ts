import { TOPUP_MAX, TOPUP_MIN, TOPUP_RANGE_MESSAGE, TOPUP_SELECT_MESSAGE } from '@khelaghor/contract/facts';
import { parseTakaToPoisha } from '@khelaghor/contract/taka';

/** The add-money form's rules (the contract's limits): the poisha amount, or the spec's message. */
export function checkTopup(
  amountText: string,
  method: string | undefined,
): { amount: number } | { error: string } {
  if (!amountText.trim() || !method) return { error: TOPUP_SELECT_MESSAGE };
  const amount = parseTakaToPoisha(amountText);
  if (amount === undefined || amount <= 0) return { error: 'Please enter a valid amount' };
  if (amount < TOPUP_MIN || amount > TOPUP_MAX) return { error: TOPUP_RANGE_MESSAGE };
  return { amount };
}
