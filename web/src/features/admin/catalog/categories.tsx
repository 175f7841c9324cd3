import { useState, type FormEvent } from 'react';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { call } from '../../../shared/api/client';
import { CrudForm, RowActions, useAdminMutation } from '../components/crud';
import { Field, FormDialog, ListTable, SectionCard } from '../components/kit';
import { notifyInfo, notifyInvalid } from '../lib/notify';
import { useAdminGet } from '../hooks/use-admin-queries';
import { t, useT } from '../messages';
import { CategoryBanglaForm } from './category-bangla';

/** The spec's category checks: blank, then duplicate (case-insensitive). */
export function checkCategoryName(name: string, existing: string[], except?: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return t('categoryRequired');
  const lower = trimmed.toLowerCase();
  if (existing.some((c) => c.toLowerCase() === lower && c !== except)) return t('categoryExists');
  return undefined;
}

export default function CategoriesSection() {
  const tr = useT();
  const categories = useAdminGet('adminListCategories', { errorPrefix: tr('failedLoadCategories') });
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const [banglaOf, setBanglaOf] = useState<{ name: string; name_bn: string | null } | null>(null);
  const items = categories.data?.items ?? [];
  const names = items.map((c) => c.name);

  const add = (e: FormEvent) => {
    e.preventDefault();
    const problem = checkCategoryName(name, names);
    if (problem) return notifyInvalid(problem);
    // Categories live on products: a new one appears once a product carries it.
    notifyInfo(t('info'), t('categoryInfo'));
    setName('');
  };

  const rename = useAdminMutation(
    (input: { from: string; to: string }) =>
      call('adminRenameCategory', { params: { name: input.from }, body: { name: input.to } }),
    {
      success: () => t('categoryUpdated'),
      errorPrefix: tr('failedProcessCategory'),
      onSuccess: () => setRenaming(null),
    },
  );
  const remove = useAdminMutation(
    (category: string) => call('adminRemoveCategory', { params: { name: category } }),
    {
      success: () => t('categoryRemoved'),
      errorPrefix: tr('failedRemoveCategory'),
    },
  );

  const submitRename = () => {
    if (!renaming) return;
    const problem = checkCategoryName(newName, names, renaming);
    if (problem) return notifyInvalid(problem);
    rename.mutate({ from: renaming, to: newName.trim() });
  };

  return (
    <SectionCard title={tr('navCategories')} description={tr('categoryInfo')}>
      <form onSubmit={add} noValidate className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Field id="category-name" label={tr('categoryName')}>
            <Input id="category-name" value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
        </div>
        <Button type="submit">{tr('addCategory')}</Button>
      </form>
      <ListTable
        columns={[tr('colCategory'), tr('categoryNameBn'), tr('navProducts'), tr('colActions')]}
        loading={categories.isLoading}
        items={items}
        empty={tr('noCategoriesYet')}
        row={(c) => (
          <tr key={c.name} className="border-t">
            <td className="font-medium">{c.name}</td>
            <td lang="bn">{c.name_bn ?? '—'}</td>
            <td>{c.product_count}</td>
            <td className="flex items-center gap-1">
              <Button
                size="sm"
                variant="outline"
                aria-label={tr('verbName', { verb: tr('setCategoryBn'), name: c.name })}
                onClick={() => setBanglaOf(c)}
              >
                {tr('setCategoryBn')}
              </Button>
              <RowActions
                name={c.name}
                editVerb={tr('rename')}
                deleteVerb={tr('remove')}
                onEdit={() => {
                  setRenaming(c.name);
                  setNewName(c.name);
                }}
                onDelete={() => remove.mutate(c.name)}
                deleting={remove.isPending}
                confirmExtra={tr('noCategoryAfter', { name: c.name })}
              />
            </td>
          </tr>
        )}
      />
      <FormDialog
        open={renaming !== null}
        onOpenChange={(o) => !o && setRenaming(null)}
        title={tr('renameCategory')}
      >
        <CrudForm pending={rename.isPending} submitText={tr('save')} onSubmit={submitRename}>
          <Field id="category-new-name" label={tr('newName')}>
            <Input id="category-new-name" value={newName} onChange={(e) => setNewName(e.target.value)} />
          </Field>
        </CrudForm>
      </FormDialog>
      <FormDialog
        open={banglaOf !== null}
        onOpenChange={(o) => !o && setBanglaOf(null)}
        title={tr('categoryNameBn')}
      >
        {banglaOf && <CategoryBanglaForm category={banglaOf} onDone={() => setBanglaOf(null)} />}
      </FormDialog>
    </SectionCard>
  );
}
