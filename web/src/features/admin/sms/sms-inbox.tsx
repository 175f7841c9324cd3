import type { SmsInboxItem } from '@khelaghor/contract/schemas/sms-devices';
import { useFormat } from '../../../shared/i18n/format';
import { methodLabel } from '../../../shared/lib/format';
import { Badge } from '../../../shared/ui/badge';
import { ListTable, SectionCard } from '../components/kit';
import { usePagedList } from '../hooks/use-admin-queries';
import { useT } from './messages';

/** Every SMS the phones forwarded (MFS senders only), newest first: the text, and what the parsers read. */
export function SmsInbox() {
  const t = useT();
  const { date, money } = useFormat();
  const list = usePagedList('adminListSmsInbox', { limit: 25 });
  const reading = (s: SmsInboxItem) =>
    s.parsed
      ? t('readParsed', {
          amount: money(s.parsed.amount),
          from: s.parsed.counterparty_number,
          trx: s.parsed.trx_id,
          balance: money(s.parsed.balance),
        })
      : t(`reason_${s.reading as Exclude<SmsInboxItem['reading'], 'parsed'>}`);
  return (
    <SectionCard title={t('inbox')} description={t('inboxDescription')}>
      <ListTable
        t={t}
        columns={['colReceived', 'colNumber', 'colSender', 'colText', 'colReading', 'colStatus']}
        list={list}
        empty={t('noSms')}
        row={(s) => (
          <tr key={s.id} className="border-t align-top" data-testid="sms-inbox-row">
            <td className="whitespace-nowrap">{date(s.received_at)}</td>
            <td className="whitespace-nowrap">{s.receiving_number}</td>
            <td>{s.parsed ? methodLabel(s.parsed.provider) : s.sender}</td>
            <td className="max-w-80 whitespace-pre-wrap break-words text-xs">{s.text}</td>
            <td className="max-w-64 text-xs">{reading(s)}</td>
            <td>
              <Badge variant={s.status === 'review' || s.status === 'unparsed' ? 'outline' : 'secondary'}>
                {t(`status_${s.status}`)}
              </Badge>
              {s.failed_control && (
                <div className="mt-1 text-xs text-destructive">{t(`control_${s.failed_control}`)}</div>
              )}
            </td>
          </tr>
        )}
      />
    </SectionCard>
  );
}
