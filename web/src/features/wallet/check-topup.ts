import { TOPUP_MAX, TOPUP_MIN } from '@khelaghor/contract/facts';
import { parseTakaToPoisha } from '@khelaghor/contract/taka';
import { t } from './messages';

/**
 * The add-money form's rules (the contract's limits): the poisha amount, or the spec's message in
 * the page's language (English: the contract's TOPUP_SELECT_MESSAGE and TOPUP_RANGE_MESSAGE).
 */
export function checkTopup(
  amountText: string,
  method: string | undefined,
): { amount: number } | { error: string } {
  if (!amountText.trim() || !method) return { error: t('selectAmountAndMethod') };
  const amount = parseTakaToPoisha(amountText);
  if (amount === undefined || amount <= 0) return { error: t('validAmount') };
  if (amount < TOPUP_MIN || amount > TOPUP_MAX) return { error: t('amountRange') };
  return { amount };
}
