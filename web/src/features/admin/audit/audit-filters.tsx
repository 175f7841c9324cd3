import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { dhakaToday, type AuditFilters } from './audit-data';
import { useT } from './messages';

/**
 * The Audit page's filters: the day applies as it is picked; the admin and the action (typed, or
 * one of the loaded entries' actions) with Apply filters or Enter. Each change starts a new list.
 */
export function AuditFiltersForm({
  value,
  actions,
  onChange,
}: {
  value: AuditFilters;
  actions: readonly string[];
  onChange: (filters: AuditFilters) => void;
}) {
  const tr = useT();
  const listId = useId();
  const [actor, setActor] = useState(value.actor);
  const [action, setAction] = useState(value.action);
  // The applied filters changed from outside (a link, Clear): the fields show them again.
  const [shown, setShown] = useState(value);
  if (shown.actor !== value.actor || shown.action !== value.action) {
    setShown(value);
    setActor(value.actor);
    setAction(value.action);
  }
  const apply = (day: string) => onChange({ day, actor: actor.trim(), action: action.trim() });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(value.day);
  };
  return (
    <form
      onSubmit={submit}
      className="mb-3 grid items-end gap-2 sm:grid-cols-2 lg:grid-cols-[auto_1fr_1fr_auto]"
      data-testid="audit-filters"
    >
      <label className="grid gap-1 text-sm">
        {tr('day')}
        <Input
          type="date"
          data-testid="audit-day"
          value={value.day}
          max={dhakaToday()}
          onChange={(e) => e.target.value && apply(e.target.value)}
        />
      </label>
      <label className="grid gap-1 text-sm">
        {tr('admin')}
        <Input
          type="search"
          data-testid="audit-actor"
          value={actor}
          maxLength={200}
          placeholder={tr('adminPlaceholder')}
          onChange={(e) => setActor(e.target.value)}
        />
      </label>
      <label className="grid gap-1 text-sm">
        {tr('action')}
        <Input
          list={listId}
          data-testid="audit-action"
          value={action}
          maxLength={100}
          placeholder={tr('actionPlaceholder')}
          onChange={(e) => setAction(e.target.value)}
        />
        <datalist id={listId}>
          {actions.map((a) => (
            <option key={a} value={a} />
          ))}
        </datalist>
      </label>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">{tr('applyFilters')}</Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => onChange({ day: value.day, actor: '', action: '' })}
          disabled={!value.actor && !value.action && !actor && !action}
        >
          {tr('clearFilters')}
        </Button>
      </div>
    </form>
  );
}
