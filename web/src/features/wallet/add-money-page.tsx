import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatTaka, parseTakaToPoisha } from '@khelaghor/contract/taka';
import { Loader2, Wallet } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { Skeleton } from '../components/ui/skeleton';
import { toast } from '../components/ui/sonner';
import { call, errorMessage } from '../lib/api';
import { formatDate, statusLabel } from '../lib/order-status';
import { methodLabel } from '../lib/payment-state';
import { useSeo } from '../lib/seo';
import { useMe } from '../lib/site';
import { cn } from '../lib/utils';

export const QUICK_AMOUNTS = [100, 200, 500, 1000, 2000, 5000];
type TopupMethod = 'bkash' | 'nagad' | 'rocket' | 'bank_transfer';
const METHODS: Array<{ value: TopupMethod; label: string }> = [
  { value: 'bkash', label: 'bKash' },
  { value: 'nagad', label: 'Nagad' },
  { value: 'rocket', label: 'Rocket' },
  { value: 'bank_transfer', label: 'Bank Transfer' },
];
const SELECT_MESSAGE = 'Please select amount and payment method';
const RANGE_MESSAGE = 'Amount must be between ৳10 and ৳25,000';
const MIN = 1000;
const MAX = 2_500_000;

/** The add-money form's rules: the poisha amount, or the spec's message. */
export function checkTopup(amountText: string, method: string | undefined): { amount: number } | { error: string } {
  if (!amountText.trim() || !method) return { error: SELECT_MESSAGE };
  const amount = parseTakaToPoisha(amountText);
  if (amount === undefined || amount <= 0) return { error: 'Please enter a valid amount' };
  if (amount < MIN || amount > MAX) return { error: RANGE_MESSAGE };
  return { amount };
}

export default function AddMoneyPage() {
  useSeo('Add Money');
  const queryClient = useQueryClient();
  const me = useMe();
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<TopupMethod>();
  const [manual, setManual] = useState(false);
  const [sender, setSender] = useState('');
  const [trxId, setTrxId] = useState('');
  const [busy, setBusy] = useState(false);
  const requests = useQuery({ queryKey: ['manual-topups'], queryFn: () => call('listManualTopups', { query: { limit: 10 } }) });
  useEffect(() => {
    if (requests.error) toast.error('Error', { description: errorMessage(requests.error) });
  }, [requests.error]);

  const isManual = method === 'bank_transfer' || manual;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = checkTopup(amount, method);
    if ('error' in checked) {
      toast.error('Error', { description: checked.error });
      return;
    }
    if (isManual && (!sender.trim() || !trxId.trim())) {
      toast.error('Error', { description: 'Please fill all required fields' });
      return;
    }
    setBusy(true);
    try {
      if (isManual) {
        await call('createManualTopup', {
          body: { amount: checked.amount, payment_method: method!, sender_number: sender.trim(), transaction_id: trxId.trim() },
        });
        toast.success('Request submitted', { description: 'Your balance is updated once an admin checks the TrxID.' });
        setSender('');
        setTrxId('');
        setAmount('');
        await queryClient.invalidateQueries({ queryKey: ['manual-topups'] });
        setBusy(false);
      } else {
        const res = await call('createTopup', {
          body: { amount: checked.amount, payment_method: method as 'bkash' | 'nagad' | 'rocket' },
        });
        toast.success('Redirecting to payment…', { description: `Pay ${formatTaka(checked.amount)} with ${methodLabel(method!)}` });
        window.location.assign(res.payment_url);
      }
    } catch (error) {
      toast.error('Error', { description: errorMessage(error) });
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-xl space-y-4 px-3 py-4 sm:px-4 sm:py-6">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-xl font-bold">Add Money</h1>
        <p className="flex items-center gap-1 text-sm">
          <Wallet className="h-4 w-4" aria-hidden="true" />
          Balance: <strong>{me.data ? formatTaka(me.data.balance) : '…'}</strong>
        </p>
      </div>
      <Card>
        <CardContent className="pt-4 sm:pt-6">
          <form onSubmit={submit} className="space-y-5" noValidate>
            <div className="space-y-2">
              <Label htmlFor="amount">Amount (BDT)</Label>
              <Input
                id="amount"
                inputMode="decimal"
                placeholder="Enter amount"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                aria-describedby="amount-hint"
              />
              <p id="amount-hint" className="text-xs text-muted-foreground">
                From ৳10 to ৳25,000
              </p>
              <div className="grid grid-cols-3 gap-2" role="group" aria-label="Quick amounts">
                {QUICK_AMOUNTS.map((q) => (
                  <Button
                    key={q}
                    variant={amount === String(q) ? 'default' : 'outline'}
                    size="sm"
                    aria-pressed={amount === String(q)}
                    onClick={() => setAmount(String(q))}
                  >
                    ৳{q.toLocaleString('en-US')}
                  </Button>
                ))}
              </div>
            </div>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">Payment Method</legend>
              <div className="grid grid-cols-2 gap-2">
                {METHODS.map((m) => (
                  <label
                    key={m.value}
                    className={cn(
                      'flex h-12 cursor-pointer items-center justify-center rounded-lg border-2 text-sm font-semibold',
                      'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                      method === m.value ? 'border-primary bg-accent' : 'border-border bg-card',
                    )}
                  >
                    <input
                      type="radio"
                      name="topup-method"
                      value={m.value}
                      checked={method === m.value}
                      onChange={() => setMethod(m.value)}
                      className="sr-only"
                    />
                    {m.label}
                  </label>
                ))}
              </div>
            </fieldset>
            {method && method !== 'bank_transfer' && (
              <div className="flex gap-2 rounded-md bg-muted p-1 text-sm" role="group" aria-label="How to pay">
                <button
                  type="button"
                  aria-pressed={!manual}
                  onClick={() => setManual(false)}
                  className={cn('flex-1 rounded px-2 py-2', !manual && 'bg-card font-semibold shadow-sm')}
                >
                  Pay online
                </button>
                <button
                  type="button"
                  aria-pressed={manual}
                  onClick={() => setManual(true)}
                  className={cn('flex-1 rounded px-2 py-2', manual && 'bg-card font-semibold shadow-sm')}
                >
                  I sent money (TrxID)
                </button>
              </div>
            )}
            {isManual && (
              <div className="space-y-3 rounded-md border p-3">
                <p className="text-sm text-muted-foreground">
                  Send the amount to our {method ? methodLabel(method) : ''} account, then enter the number you sent from and the
                  transaction ID (TrxID). An admin checks it and your balance is credited.
                </p>
                <div className="space-y-2">
                  <Label htmlFor="sender">Sender Number / Account</Label>
                  <Input id="sender" inputMode="tel" value={sender} onChange={(e) => setSender(e.target.value)} />
                </div>
                <div className="space-y-2">
                  <Label htmlFor="trxid">Transaction ID (TrxID)</Label>
                  <Input id="trxid" autoComplete="off" value={trxId} onChange={(e) => setTrxId(e.target.value)} />
                </div>
              </div>
            )}
            <Button type="submit" size="lg" className="w-full" disabled={busy}>
              {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
              {isManual ? 'Submit Request' : 'Add Money'}
            </Button>
          </form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-base">TrxID Requests</CardTitle>
          <CardDescription>Manual payments waiting for a check appear here.</CardDescription>
        </CardHeader>
        <CardContent>
          {requests.isPending ? (
            <div className="space-y-2">
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-12 w-full" />
            </div>
          ) : !requests.data?.items.length ? (
            <p className="text-sm text-muted-foreground">No requests yet.</p>
          ) : (
            <ul className="divide-y">
              {requests.data.items.map((p) => (
                <li key={p.id} className="flex items-center justify-between gap-2 py-2 text-sm">
                  <div className="min-w-0">
                    <p className="font-medium">
                      {formatTaka(p.amount)} · {methodLabel(p.payment_method)}
                    </p>
                    <p className="truncate text-xs text-muted-foreground">
                      TrxID {p.transaction_id} · {formatDate(p.created_at)}
                    </p>
                  </div>
                  <Badge variant={p.status === 'completed' ? 'default' : p.status === 'pending' ? 'secondary' : 'destructive'}>
                    {statusLabel(p.status)}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
