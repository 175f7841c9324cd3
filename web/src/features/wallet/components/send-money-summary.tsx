import { Clock } from 'lucide-react';
import { DEFAULT_SITE_SETTINGS } from '@khelaghor/contract/site-defaults';
import { useSettings } from '../../../shared/api/site';
import { useFormat } from '../../../shared/i18n/format';
import { useT } from '../messages';

/**
 * Send Money made easy (issue 35): the amount to send, large, and when the shop promises the
 * credit (its Site settings), above the receiving numbers and the TrxID fields.
 */
export function SendMoneySummary({ amount }: { amount: number | undefined }) {
  const tr = useT();
  const { money } = useFormat();
  // An answer from before the setting (cached during a deploy) has none: the default.
  const minutes = useSettings().send_money_minutes ?? DEFAULT_SITE_SETTINGS.send_money_minutes;
  return (
    <section aria-label={tr('sendMoneySummary')} className="space-y-2 rounded-md bg-accent px-3 py-3">
      {amount === undefined ? (
        <p className="text-sm">{tr('enterAmountFirst')}</p>
      ) : (
        <p className="text-sm">
          {tr('sendExactly')}{' '}
          <strong data-testid="send-amount" className="block text-3xl font-bold tracking-tight text-primary">
            {money(amount)}
          </strong>
        </p>
      )}
      <p className="flex items-center gap-1.5 text-sm" data-testid="credit-time">
        <Clock className="h-4 w-4 shrink-0" aria-hidden="true" />
        {tr('creditedWithin', { minutes })}
      </p>
    </section>
  );
}
