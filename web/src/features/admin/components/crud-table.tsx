import type { HTMLAttributes, ReactNode } from 'react';
import { CrudDialog, RowActions, type Crud } from './crud';
import { ListTable } from './kit';

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;

/**
 * The list of a create/edit/delete section: a row per item (its `cells`, then the edit and delete
 * buttons named by `name`), and the dialog with the item's `form`. `remove` stands in for the
 * crud's delete where the section deletes its own way (a background job).
 */
export function CrudTable<T extends { id: string }, B>({
  crud,
  columns,
  loading,
  items,
  empty,
  name,
  cells,
  rowProps,
  remove,
  confirmExtra,
  form,
}: {
  crud: Crud<T, B>;
  /** The headers, the actions column's last. */
  columns: ReactNode[];
  loading: boolean;
  items: T[];
  empty: string;
  name: (row: T) => string;
  cells: (row: T) => ReactNode;
  rowProps?: (row: T) => RowAttributes;
  remove?: { mutate: (id: string) => void; isPending: boolean };
  confirmExtra?: string;
  form: Parameters<typeof CrudDialog<T, B>>[0]['children'];
}) {
  const deleting = remove ?? crud.remove;
  return (
    <>
      <ListTable
        columns={columns}
        loading={loading}
        items={items}
        empty={empty}
        row={(row) => (
          <tr key={row.id} className="border-t" {...rowProps?.(row)}>
            {cells(row)}
            <td>
              <RowActions
                name={name(row)}
                onEdit={() => crud.open(row)}
                onDelete={() => deleting.mutate(row.id)}
                deleting={deleting.isPending}
                confirmExtra={confirmExtra}
              />
            </td>
          </tr>
        )}
      />
      <CrudDialog crud={crud}>{form}</CrudDialog>
    </>
  );
}
