import type { InputHTMLAttributes, ReactNode } from 'react';
import { DigitInput, type DigitKind } from '../../../shared/ui/digit-input';
import { Label } from '../../../shared/ui/label';
import { Textarea } from '../../../shared/ui/textarea';
import { cn } from '../../../shared/lib/utils';
import { useFormat } from '../../../shared/i18n/format';
import { NativeSelect } from '../components/kit';
import { useT } from '../messages';
import { fieldRules } from './schema-rules';
import type { BoundForm } from './use-kit-form';

/** Limits above this guard URLs and long texts rather than budget a line: no counter by default. */
const COUNTER_UP_TO = 500;

type Control = 'input' | 'textarea' | 'select' | 'checkbox';
type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'form' | 'name' | 'id' | 'value' | 'onChange'>;

export type FormFieldProps<V extends Record<string, unknown>> = NativeProps & {
  form: BoundForm<V>;
  /** A key of the form's values; its rules are those of the same key in the form's schema. */
  name: keyof V & string;
  label: string;
  /** Under the control; a Bangla field (`*_bn`) says by default that it is optional (false: nothing). */
  hint?: ReactNode;
  /** A textarea's height in lines. */
  rows?: number;
  /** 'input' (default), 'textarea', 'select' (children: the options) or 'checkbox'. */
  as?: Control;
  /** Characters typed out of the schema's maximum; default: on for limits up to 500. */
  counter?: boolean;
  /** Another id than the form's `<form id>-<name>`. */
  id?: string;
  /** Where its message is when the schema's path is not its name (`scope` for `scope_type`). */
  errorKey?: string;
  /** Called after the value is set (a choice that resets another field). */
  onValue?: (value: V[keyof V & string]) => void;
  /** Texts the browser offers while typing (a datalist). */
  suggestions?: readonly string[];
  /** The options of a select. */
  children?: ReactNode;
  /** A field that holds digits: Bangla digits become ASCII as typed, letters refused (DigitInput). */
  digits?: DigitKind;
};

const fieldId = (formId: string, name: string) => `${formId}-${name.replace(/_/g, '-')}`;

/**
 * One field bound to a form of the kit: its label, control, hint, counter and message, all in the
 * page's language; required and the counter's maximum come from the contract's schema. A Bangla
 * twin (`title_bn`) is written `lang="bn"`.
 */
export function FormField<V extends Record<string, unknown>>({
  form,
  name,
  label,
  hint,
  as = 'input',
  counter,
  rows,
  id = fieldId(form.id, name),
  errorKey = name,
  onValue,
  suggestions,
  children,
  digits,
  ...native
}: FormFieldProps<V>) {
  const tr = useT();
  const { number } = useFormat();
  const rules = fieldRules(form.schema, name);
  const error = form.errors[errorKey];
  const value = form.values[name];
  const bangla = name.endsWith('_bn');
  const shownHint = hint ?? (bangla ? tr('bnHint') : undefined);
  const text = typeof value === 'string' ? value : '';
  // The counter counts what the schema measures: every text of the contract is trimmed before its
  // `.max`, so spaces at the ends never make it say 'too long' about a text the save accepts.
  const length = text.trim().length;
  const max = rules.maxLength;
  const counted =
    as !== 'checkbox' && as !== 'select' && max !== undefined && (counter ?? max <= COUNTER_UP_TO);
  const described = [shownHint && `${id}-hint`, counted && `${id}-count`, error && `${id}-error`]
    .filter(Boolean)
    .join(' ');
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-required': rules.required || undefined,
    'aria-describedby': described || undefined,
    lang: bangla ? 'bn' : native.lang,
  } as const;
  const set = (next: unknown) => {
    form.set(name, next as V[typeof name]);
    onValue?.(next as V[typeof name]);
  };

  let control: ReactNode;
  if (as === 'checkbox') {
    control = (
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium">
        <input
          {...native}
          {...common}
          type="checkbox"
          className="size-4 accent-[var(--color-primary)]"
          checked={value === true}
          onChange={(e) => set(e.target.checked)}
        />
        {label}
      </label>
    );
  } else if (as === 'select') {
    control = (
      <NativeSelect {...common} disabled={native.disabled} value={text} onChange={(e) => set(e.target.value)}>
        {children}
      </NativeSelect>
    );
  } else if (as === 'textarea') {
    control = (
      <Textarea
        {...common}
        disabled={native.disabled}
        placeholder={native.placeholder}
        rows={rows}
        value={text}
        onChange={(e) => set(e.target.value)}
      />
    );
  } else {
    control = (
      <>
        <DigitInput
          {...native}
          {...common}
          digits={digits}
          list={suggestions && `${id}-list`}
          value={text}
          onChange={(e) => set(e.target.value)}
        />
        {suggestions && (
          <datalist id={`${id}-list`}>
            {suggestions.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        )}
      </>
    );
  }

  return (
    <div className="flex flex-col gap-1.5">
      {as !== 'checkbox' && <Label htmlFor={id}>{label}</Label>}
      {control}
      {shownHint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {shownHint}
        </p>
      )}
      {counted && (
        <p
          id={`${id}-count`}
          className={cn('text-right text-xs', length > max ? 'text-destructive' : 'text-muted-foreground')}
        >
          {tr('charCount', { count: number(length), max: number(max) })}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
