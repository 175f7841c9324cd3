import { useState, type FormEvent } from 'react';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { call } from '../../../shared/api/client';
import { CrudForm, RowActions, useAdminMutation } from '../components/crud';
import { Field, FormDialog, ListTable, SectionCard } from '../components/kit';
import { notifyInfo, notifyInvalid } from '../lib/notify';
import { useAdminGet } from '../hooks/use-admin-queries';

export const CATEGORY_INFO = 'Categories are created by assigning them to products in the Products section.';

/** The spec's category checks: blank, then duplicate (case-insensitive). */
export function checkCategoryName(name: string, existing: string[], except?: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'Category name is required';
  const lower = trimmed.toLowerCase();
  if (existing.some((c) => c.toLowerCase() === lower && c !== except)) return 'Category already exists';
  return undefined;
}

export default function CategoriesSection() {
  const categories = useAdminGet('adminListCategories', { errorPrefix: 'Failed to load categories' });
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const items = categories.data?.items ?? [];
  const names = items.map((c) => c.name);

  const add = (e: FormEvent) => {
    e.preventDefault();
    const problem = checkCategoryName(name, names);
    if (problem) return notifyInvalid(problem);
    // Categories live on products: a new one appears once a product carries it.
    notifyInfo('Info', CATEGORY_INFO);
    setName('');
  };

  const rename = useAdminMutation(
    (input: { from: string; to: string }) => call('adminRenameCategory', { params: { name: input.from }, body: { name: input.to } }),
    { success: 'Category updated successfully', errorPrefix: 'Failed to process category', onSuccess: () => setRenaming(null) },
  );
  const remove = useAdminMutation((category: string) => call('adminRemoveCategory', { params: { name: category } }), {
    success: 'Category removed successfully',
    errorPrefix: 'Failed to remove category',
  });

  const submitRename = () => {
    if (!renaming) return;
    const problem = checkCategoryName(newName, names, renaming);
    if (problem) return notifyInvalid(problem);
    rename.mutate({ from: renaming, to: newName.trim() });
  };

  return (
    <SectionCard title="Product Categories" description={CATEGORY_INFO}>
      <form onSubmit={add} noValidate className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Field id="category-name" label="Category name">
            <Input id="category-name" value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
        </div>
        <Button type="submit">Add Category</Button>
      </form>
      <ListTable
        columns={['Category', 'Products', 'Actions']}
        loading={categories.isLoading}
        items={items}
        empty="No categories yet"
        row={(c) => (
          <tr key={c.name} className="border-t">
            <td className="font-medium">{c.name}</td>
            <td>{c.product_count}</td>
            <td>
              <RowActions
                name={c.name}
                editVerb="Rename"
                deleteVerb="Remove"
                onEdit={() => {
                  setRenaming(c.name);
                  setNewName(c.name);
                }}
                onDelete={() => remove.mutate(c.name)}
                deleting={remove.isPending}
                confirmExtra={`Products in '${c.name}' will have no category.`}
              />
            </td>
          </tr>
        )}
      />
      <FormDialog open={renaming !== null} onOpenChange={(o) => !o && setRenaming(null)} title="Rename Category">
        <CrudForm pending={rename.isPending} submitText="Save" onSubmit={submitRename}>
          <Field id="category-new-name" label="New name">
            <Input id="category-new-name" value={newName} onChange={(e) => setNewName(e.target.value)} />
          </Field>
        </CrudForm>
      </FormDialog>
    </SectionCard>
  );
}
