import { useState } from 'react';
import { Input } from '../../../shared/ui/input';

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
  const q = filter.trim().toLowerCase();
  const shown = q ? options.filter((o) => o.label.toLowerCase().includes(q)) : options;
  const toggle = (optionId: string, on: boolean) =>
    onChange(on ? [...value, optionId] : value.filter((v) => v !== optionId));
  return (
    <div id={id} role="group" aria-label={`Choose ${noun}`} className="rounded-md border">
      {options.length > 8 && (
        <Input
          type="search"
          aria-label={`Filter ${noun}`}
          placeholder={`Filter ${noun}`}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          className="rounded-b-none border-0 border-b"
        />
      )}
      <ul className="max-h-48 overflow-y-auto p-2 text-sm">
        {shown.length === 0 && <li className="py-2 text-center text-muted-foreground">No {noun} found</li>}
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
      <p className="border-t px-2 py-1 text-xs text-muted-foreground">{value.length} chosen</p>
    </div>
  );
}
