import { CategoryBanglaBody } from '@khelaghor/contract/schemas/catalog';
import { useState } from 'react';
import { ApiError, call } from '../../../shared/api/client';
import { apiFieldMessages } from '../../../shared/api/messages';
import { useAdminMutation } from '../components/crud';
import { FormField, KitForm, useKitForm } from '../form-kit';
import { t, useT } from '../messages';

interface Values extends Record<string, unknown> {
  name_bn: string;
}

/**
 * A category's Bangla name (the Bangla storefront's headings, cards, search and product pages).
 * It belongs to the category's name: a rename takes it along.
 */
export function CategoryBanglaForm({
  category,
  onDone,
}: {
  category: { name: string; name_bn: string | null };
  onDone: () => void;
}) {
  const tr = useT();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();
  const save = useAdminMutation(
    (body: { name_bn: string }) => call('adminSetCategoryBangla', { params: { name: category.name }, body }),
    {
      success: () => t('categoryBanglaSaved'),
      errorPrefix: tr('failedProcessCategory'),
      refresh: ['adminListCategories'],
      onSuccess: onDone,
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setServerErrors(apiFieldMessages(error));
      },
    },
  );
  const form = useKitForm(CategoryBanglaBody, { name_bn: category.name_bn ?? '' }, (v: Values) => v, {
    id: 'category',
    serverErrors,
    pending: save.isPending,
  });
  return (
    <KitForm form={form} submitText={tr('save')} onValid={(body) => save.mutate(body)}>
      <p className="text-sm">
        {tr('categoryEnglishName')}: <strong>{category.name}</strong>
      </p>
      <FormField form={form} name="name_bn" label={tr('categoryNameBn')} hint={tr('categoryBnHint')} />
    </KitForm>
  );
}
