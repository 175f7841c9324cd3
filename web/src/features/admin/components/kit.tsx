import { Dialog } from 'radix-ui';
import { MoveHorizontal, Plus, X } from 'lucide-react';
import {
  forwardRef,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
  type SelectHTMLAttributes,
  type TableHTMLAttributes,
} from 'react';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../shared/ui/card';
import { Label } from '../../../shared/ui/label';
import { cn } from '../../../shared/lib/utils';
import { useT } from '../messages';

/** Small building blocks shared by the admin sections (kept inside the admin chunk). */

export function SectionCard({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle>{title}</CardTitle>
          {description && <CardDescription className="mt-1.5">{description}</CardDescription>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

export const NativeSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  ({ className, ...props }, ref) => (
    <select
      ref={ref}
      className={cn(
        'flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-base md:text-sm',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50',
        className,
      )}
      {...props}
    />
  ),
);
NativeSelect.displayName = 'NativeSelect';

/** One <option> per value, named by `label`. */
export function Options<V extends string>({
  values,
  label,
}: {
  values: readonly V[];
  label: (value: V) => string;
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {label(value)}
    </option>
  ));
}

export type VariantOption = { id: string; label: string };

/** A variant picker: the first option (`placeholder`) stands for none or all. */
export function VariantSelect({
  variants,
  placeholder,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { variants: VariantOption[]; placeholder: string }) {
  return (
    <NativeSelect {...props}>
      <option value="">{placeholder}</option>
      {variants.map((v) => (
        <option key={v.id} value={v.id}>
          {v.label}
        </option>
      ))}
    </NativeSelect>
  );
}

export function Checkbox({
  id,
  label,
  ...props
}: { id: string; label: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium">
      <input id={id} type="checkbox" className="size-4 accent-[var(--color-primary)]" {...props} />
      {label}
    </label>
  );
}

/** Adds a row to a list the form edits (a wallet, a bank, a question); off at the list's limit. */
export function AddRowButton({
  onClick,
  disabled,
  children,
}: {
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={onClick}>
      <Plus aria-hidden="true" /> {children}
    </Button>
  );
}

/** True while the element's content is wider than the element (it scrolls sideways). */
function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const check = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    check();
    // The box narrows with the window; the table widens with its rows.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(check);
    observer?.observe(box);
    if (box.firstElementChild) observer?.observe(box.firstElementChild);
    window.addEventListener('resize', check);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', check);
    };
  }, [ref]);
  return scrolls;
}

/**
 * A table that keeps its columns readable: narrower than the table (a phone), it scrolls sideways,
 * says so above it, and can be scrolled from the keyboard. Each section puts its key columns first.
 */
function DataTable({ className, ...props }: TableHTMLAttributes<HTMLTableElement>) {
  const tr = useT();
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(box);
  const hintId = useId();
  return (
    <div className="w-full">
      {scrolls && (
        <p id={hintId} className="mb-1 flex items-center gap-1 text-xs text-muted-foreground">
          <MoveHorizontal className="size-3.5" aria-hidden="true" />
          {tr('scrollSideways')}
        </p>
      )}
      <div
        ref={box}
        className="w-full overflow-x-auto rounded-md border"
        {...(scrolls && { role: 'region', tabIndex: 0, 'aria-labelledby': hintId })}
      >
        <table
          className={cn(
            'w-full min-w-[44rem] text-left text-sm [&_td]:px-3 [&_td]:py-2 [&_th]:px-3 [&_th]:py-2',
            className,
          )}
          {...props}
        />
      </div>
    </div>
  );
}

function THead({ columns }: { columns: ReactNode[] }) {
  return (
    <thead className="bg-muted text-xs uppercase text-muted-foreground">
      <tr>
        {columns.map((c, i) => (
          <th key={i} scope="col" className="font-semibold">
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function EmptyRow({ colSpan, text }: { colSpan: number; text: string }) {
  return (
    <tr>
      <td colSpan={colSpan} className="py-8 text-center text-muted-foreground">
        {text}
      </td>
    </tr>
  );
}

function LoadingRows({ colSpan }: { colSpan: number }) {
  const tr = useT();
  return (
    <tr>
      <td colSpan={colSpan} className="py-8 text-center text-muted-foreground" role="status">
        {tr('loading')}
      </td>
    </tr>
  );
}

/** A list the server pages (usePagedList): its rows so far and the next page on demand. */
export interface PagedList<T> {
  /** The rows of every page so far (usePagedList's; a list of another shape passes `items`). */
  items?: T[];
  isLoading: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * A list table: the header, then 'Loading…', `empty` or one `row` per item. With `list` (a paged
 * list) the rows and loading state are the list's (unless `items` filters them) and 'Load more'
 * follows while the server has more.
 */
export function ListTable<T, K extends string = never>({
  columns,
  t,
  loading,
  items,
  list,
  empty,
  row,
}: (
  | { columns: ReactNode[]; t?: undefined }
  /** The headers as keys of the section's catalogue, read with its `t`. */
  | { columns: readonly K[]; t: (key: K) => string }
) & {
  loading?: boolean;
  items?: T[];
  list?: PagedList<T>;
  empty: string;
  row: (item: T) => ReactNode;
}) {
  const shown = items ?? list?.items ?? [];
  const heads = t ? (columns as readonly K[]).map((key) => t(key)) : (columns as ReactNode[]);
  return (
    <>
      <DataTable>
        <THead columns={heads} />
        <tbody>
          {(loading ?? list?.isLoading) ? (
            <LoadingRows colSpan={heads.length} />
          ) : shown.length === 0 ? (
            <EmptyRow colSpan={heads.length} text={empty} />
          ) : (
            shown.map(row)
          )}
        </tbody>
      </DataTable>
      {list && <LoadMore list={list} />}
    </>
  );
}

export function LoadMore({ list }: { list: Omit<PagedList<unknown>, 'items' | 'isLoading'> }) {
  const tr = useT();
  if (!list.hasNextPage) return null;
  return (
    <div className="mt-3 flex justify-center">
      <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
        {list.isFetchingNextPage ? tr('loading') : tr('loadMore')}
      </Button>
    </div>
  );
}

/** A modal form (Radix Dialog: focus trap, Escape, labelled by its title). */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const tr = useT();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border bg-card p-5 shadow-lg"
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="mb-4 flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={tr('close')}>
                <X aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          {description && (
            <Dialog.Description className="mb-3 text-sm text-muted-foreground">
              {description}
            </Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Whether a row is live in the shop, in the words of the section's catalogue (`t`). */
export function ActiveBadge({ active, t }: { active: boolean; t: (key: 'active' | 'inactive') => string }) {
  return active ? (
    <Badge variant="secondary">{t('active')}</Badge>
  ) : (
    <Badge variant="outline">{t('inactive')}</Badge>
  );
}

export function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <Card>
      <CardContent className="p-4 sm:p-4">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="mt-1 break-words text-xl font-bold sm:text-2xl">{value}</p>
        {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      </CardContent>
    </Card>
  );
}
