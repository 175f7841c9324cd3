import type { ManualTopupMethod } from '@khelaghor/contract/facts';
import type { ReceivingBank, ReceivingWallet } from '@khelaghor/contract/schemas/catalog';
import { Copy } from 'lucide-react';
import { useSite } from '../../../shared/api/site';
import { copyText } from '../../../shared/lib/clipboard';
import { useMethodLabel } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/button';
import { QrCode } from '../../../shared/ui/qr-code';
import { toast } from '../../../shared/ui/sonner';
import { t, useT } from '../messages';

const TYPE_LABELS = {
  personal: 'typePersonal',
  agent: 'typeAgent',
  merchant: 'typeMerchant',
} as const satisfies Record<ReceivingWallet['type'], string>;

function CopyNumber({ value, label }: { value: string; label: string }) {
  const tr = useT();
  const copy = async () => {
    if (await copyText(value)) toast.success(t('copied'), { description: t('copiedText', { value }) });
    else toast.error(t('error'), { description: t('couldNotCopy') });
  };
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={() => void copy()}
      aria-label={tr('copyNumberOf', { number: label })}
    >
      <Copy aria-hidden="true" />
      {tr('copyNumber')}
    </Button>
  );
}

function Row({ title, value, detail, qr }: { title: string; value: string; detail?: string; qr?: boolean }) {
  const tr = useT();
  return (
    <li className="rounded-md bg-muted px-3 py-2">
      <div className="flex items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs text-muted-foreground">{title}</p>
          <p className="whitespace-nowrap font-mono text-base font-semibold tracking-wide">{value}</p>
          {detail && <p className="text-xs text-muted-foreground">{detail}</p>}
        </div>
        <CopyNumber value={value} label={value} />
      </div>
      {/* Paying from another phone: its app scans the number instead of the buyer typing it. */}
      {qr && (
        <div className="mt-2 flex items-center gap-3">
          <QrCode text={value} label={tr('qrOf', { number: value })} size={112} />
          <p className="text-xs text-muted-foreground">{tr('scanToSend')}</p>
        </div>
      )}
    </li>
  );
}

const bankDetail = (b: ReceivingBank, tr: typeof t) =>
  [b.account_name, b.branch && tr('branch', { branch: b.branch })].filter(Boolean).join(', ');

/** Where to send the money for a manual (TrxID) top-up: the shop's accounts for the chosen method. */
export function ReceivingAccountsList({ method }: { method: ManualTopupMethod | undefined }) {
  const tr = useT();
  const methodLabel = useMethodLabel();
  const site = useSite();
  if (!method) return null;
  if (site.isPending) return <p className="text-sm text-muted-foreground">{tr('loadingAccounts')}</p>;
  const accounts = site.data?.receiving_accounts;
  const wallets = accounts?.wallets.filter((w) => w.provider === method) ?? [];
  const banks = method === 'bank_transfer' ? (accounts?.banks ?? []) : [];
  if (wallets.length + banks.length === 0) {
    return (
      <p role="status" className="rounded-md bg-muted px-3 py-2 text-sm">
        {tr('noReceivingAccounts')}
      </p>
    );
  }
  return (
    <section aria-label={tr('sendMoneyTo')} className="space-y-2">
      <h3 className="text-sm font-semibold">{tr('sendMoneyTo')}</h3>
      <ul className="space-y-2">
        {wallets.map((w) => (
          <Row
            key={w.number}
            title={`${methodLabel(w.provider)} (${tr(TYPE_LABELS[w.type])})`}
            value={w.number}
            qr
          />
        ))}
        {banks.map((b) => (
          <Row
            key={b.account_number}
            title={b.bank_name}
            value={b.account_number}
            detail={bankDetail(b, tr)}
          />
        ))}
      </ul>
    </section>
  );
}
