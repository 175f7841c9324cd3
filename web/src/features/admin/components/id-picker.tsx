import { useState } from 'react';
import { useFormat } from '../../../shared/i18n/format';
import { Input } from '../../../shared/ui/input';
import { useT } from '../messages';

export type PickOption = { id: string; label: string };

/** Several rows of the catalogue chosen by ticking them (a filter on top when the list is long). */
export function IdPicker({
  id,
  options,
  value,
  onChange,
  noun,
}: {
  id: string;
  options: PickOption[];
  value: string[];
  onChange: (ids: string[]) => void;
  noun: string;
}) {
  const [filter, setFilter] = useState('');
  const tr = useT();
  const { number } = useFormat();
  const q = filter.trim().toLowerCase();
  const shown = q ? options.filter((o) => o.label.toLowerCase().includes(q)) : options;
  const toggle = (optionId: string, on: boolean) =>
    onChange(on ? [...value, optionId] : value.filter((v) => v !== optionId));
  return (
    <div id={id} role="group" aria-label={tr('chooseNoun', { noun })} className="rounded-md border">
      {options.length > 8 && (
        <Input
          type="search"
          aria-label={tr('filterNoun', { noun })}
          placeholder={tr('filterNoun', { noun })}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          className="rounded-b-none border-0 border-b"
        />
      )}
      <ul className="max-h-48 overflow-y-auto p-2 text-sm">
        {shown.length === 0 && (
          <li className="py-2 text-center text-muted-foreground">{tr('noNounFound', { noun })}</li>
        )}
        {shown.map((o) => (
          <li key={o.id}>
            <label className="flex items-center gap-2 py-1">
              <input
                type="checkbox"
                className="size-4 accent-[var(--color-primary)]"
                checked={value.includes(o.id)}
                onChange={(e) => toggle(o.id, e.target.checked)}
              />
              {o.label}
            </label>
          </li>
        ))}
      </ul>
      <p className="border-t px-2 py-1 text-xs text-muted-foreground">
        {tr('chosenCount', { count: number(value.length) })}
      </p>
    </div>
  );
}
