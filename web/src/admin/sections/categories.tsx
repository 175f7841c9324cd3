import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { call } from '../../lib/api';
import { DataTable, EmptyRow, Field, FormDialog, LoadingRows, SectionCard, THead } from '../components/kit';
import { notifyError, notifyInfo, notifyInvalid, notifySuccess } from '../lib/notify';
import { useAdminGet } from '../lib/queries';

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
  const queryClient = useQueryClient();
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

  const rename = useMutation({
    mutationFn: (input: { from: string; to: string }) => call('adminRenameCategory', { params: { name: input.from }, body: { name: input.to } }),
    onSuccess: () => {
      notifySuccess('Category updated successfully');
      setRenaming(null);
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => notifyError(error, 'Failed to process category'),
  });
  const remove = useMutation({
    mutationFn: (category: string) => call('adminRemoveCategory', { params: { name: category } }),
    onSuccess: () => {
      notifySuccess('Category removed successfully');
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => notifyError(error, 'Failed to remove category'),
  });

  const submitRename = (e: FormEvent) => {
    e.preventDefault();
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
      <DataTable>
        <THead columns={['Category', 'Products', 'Actions']} />
        <tbody>
          {categories.isLoading ? (
            <LoadingRows colSpan={3} />
          ) : items.length === 0 ? (
            <EmptyRow colSpan={3} text="No categories yet" />
          ) : (
            items.map((c) => (
              <tr key={c.name} className="border-t">
                <td className="font-medium">{c.name}</td>
                <td>{c.product_count}</td>
                <td>
                  <div className="flex gap-1">
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={`Rename ${c.name}`}
                      onClick={() => {
                        setRenaming(c.name);
                        setNewName(c.name);
                      }}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={`Remove ${c.name}`}
                      disabled={remove.isPending}
                      onClick={() =>
                        window.confirm(`Are you sure? Products in '${c.name}' will have no category.`) && remove.mutate(c.name)
                      }
                    >
                      <Trash2 aria-hidden="true" className="text-destructive" />
                    </Button>
                  </div>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </DataTable>
      <FormDialog open={renaming !== null} onOpenChange={(o) => !o && setRenaming(null)} title="Rename Category">
        <form onSubmit={submitRename} noValidate className="flex flex-col gap-3">
          <Field id="category-new-name" label="New name">
            <Input id="category-new-name" value={newName} onChange={(e) => setNewName(e.target.value)} />
          </Field>
          <Button type="submit" disabled={rename.isPending}>
            {rename.isPending ? 'Saving…' : 'Save'}
          </Button>
        </form>
      </FormDialog>
    </SectionCard>
  );
}
