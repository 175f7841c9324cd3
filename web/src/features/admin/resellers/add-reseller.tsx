import type { AdminUser } from '@khelaghor/contract/schemas/admin-users';
import { useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { call } from '../../../shared/api/client';
import { useAdminMutation } from '../components/crud';
import { FormDialog } from '../components/kit';
import { useT } from '../settings/messages';
import { ResellerPriceForm, resellerFormValues, type ResellerBody } from './reseller-price-form';
import { UserPicker } from '../users/user-picker';

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
  const t = useT();
  const [chosen, setChosen] = useState<AdminUser | null>(null);
  const save = useAdminMutation(
    (body: ResellerBody) => call('adminPutReseller', { params: { userId: chosen!.id }, body }),
    {
      success: t('resellerCreated'),
      refresh: ['adminListResellers', 'adminGetReseller'],
      onSuccess: () => {
        onAdded(chosen!.id);
        close();
      },
    },
  );
  const close = () => {
    setChosen(null);
    onClose();
  };
  return (
    <FormDialog open={open} onOpenChange={(o) => !o && close()} title={t('addReseller')}>
      {chosen ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm">
            {t('customer')} <span className="font-medium">{chosen.email}</span>{' '}
            <Button size="sm" variant="link" className="h-auto p-0" onClick={() => setChosen(null)}>
              {t('change')}
            </Button>
          </p>
          <ResellerPriceForm
            {...catalogue}
            initial={resellerFormValues()}
            pending={save.isPending}
            submitText={t('makeReseller')}
            onSubmit={(b) => save.mutate(b)}
          />
        </div>
      ) : (
        <UserPicker enabled={open} onChoose={setChosen} />
      )}
    </FormDialog>
  );
}
