import type { AdminUser } from '@khelaghor/contract/schemas/admin-users';
import { useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { call } from '../../../shared/api/client';
import { usePagedList } from '../hooks/use-admin-queries';
import { formatTaka } from '../lib/format';
import { useAdminMutation } from './crud';
import { FormDialog } from './kit';
import { ResellerPriceForm, resellerFormValues, type ResellerBody } from './reseller-price-form';

type Catalogue = Pick<Parameters<typeof ResellerPriceForm>[0], 'products' | 'variants'>;

/** 'Add Reseller': find the customer by email (as Users does), then give them a price list. */
export function AddResellerDialog({
  open,
  onClose,
  onAdded,
  catalogue,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (userId: string) => void;
  catalogue: Catalogue;
}) {
  const [search, setSearch] = useState('');
  const [emailPrefix, setEmailPrefix] = useState('');
  const [chosen, setChosen] = useState<AdminUser | null>(null);
  const users = usePagedList('adminListUsers', { email: emailPrefix }, { enabled: open && emailPrefix !== '', errorPrefix: 'Failed to find users' });
  const save = useAdminMutation((body: ResellerBody) => call('adminPutReseller', { params: { userId: chosen!.id }, body }), {
    success: 'Reseller created',
    refresh: ['adminListResellers', 'adminGetReseller'],
    onSuccess: () => {
      onAdded(chosen!.id);
      close();
    },
  });
  const close = () => {
    setSearch('');
    setEmailPrefix('');
    setChosen(null);
    onClose();
  };
  return (
    <FormDialog open={open} onOpenChange={(o) => !o && close()} title="Add Reseller">
      {chosen ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm">
            Customer: <span className="font-medium">{chosen.email}</span>{' '}
            <Button size="sm" variant="link" className="h-auto p-0" onClick={() => setChosen(null)}>
              Change
            </Button>
          </p>
          <ResellerPriceForm {...catalogue} initial={resellerFormValues()} pending={save.isPending} submitText="Make reseller" onSubmit={(b) => save.mutate(b)} />
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <form
            className="flex gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              setEmailPrefix(search.trim().toLowerCase());
            }}
          >
            <Input
              type="search"
              aria-label="Find customer by email"
              placeholder="Email (starts with)"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            <Button type="submit" variant="outline">
              Find
            </Button>
          </form>
          {emailPrefix && (
            <ul className="flex flex-col divide-y rounded-md border text-sm">
              {users.isLoading && <li className="p-3 text-muted-foreground">Loading…</li>}
              {!users.isLoading && users.items.length === 0 && <li className="p-3 text-muted-foreground">No users found</li>}
              {users.items.map((u) => (
                <li key={u.id} className="flex items-center justify-between gap-2 p-2">
                  <span className="min-w-0 break-all">
                    {u.email} <span className="text-xs text-muted-foreground">({formatTaka(u.balance)})</span>
                  </span>
                  <Button size="sm" aria-label={`Choose ${u.email}`} onClick={() => setChosen(u)}>
                    Choose
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </FormDialog>
  );
}
