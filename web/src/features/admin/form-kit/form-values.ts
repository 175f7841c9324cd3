/**
 * A saved row as a form's values: for each key of `empty`, the row's value as the control holds it
 * (null or missing: the empty value; a number: its text; a boolean as it is).
 */
export function valuesFrom<V extends Record<string, unknown>>(row: object, empty: V): V {
  const source = row as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, blank] of Object.entries(empty)) {
    const value = source[key];
    if (value === null || value === undefined) out[key] = blank;
    else if (typeof blank === 'string' && typeof value === 'number') out[key] = String(value);
    else out[key] = value;
  }
  return out as V;
}
