/**
 * The input attributes of the admin's kinds of number: typed as text (the schema reads it), shown
 * with the keyboard and steps that fit. Spread into a FormField: `{...TAKA}`.
 */
/** Taka with poisha ("199.50"). */
export const TAKA = { type: 'number', inputMode: 'decimal', min: 0, step: 0.01 } as const;
/** A count from one up (uses of a code). */
export const COUNT = { type: 'number', inputMode: 'numeric', min: 1, step: 1 } as const;
/** A place in a list (display order), from 0. */
export const ORDER = { type: 'number', min: 0, step: 1 } as const;
/** A date and time in the admin's time zone (`datetime-local`). */
export const WHEN = { type: 'datetime-local' } as const;
