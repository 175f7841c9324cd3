import type { z } from 'zod';

/** What a form shows about a field, read from the contract's schema (the one the API validates with). */
export interface FieldRules {
  /** The server turns the body away without it (a parse of nothing fails). */
  required: boolean;
  /** The longest text it takes, for the counter; undefined when it is no text or has no limit. */
  maxLength?: number;
}

/** The parts of zod's internals the walk reads (zod 4: every schema carries `_zod.def`). */
interface Def {
  type: string;
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  options?: readonly z.core.$ZodType[];
}
const defOf = (schema: z.core.$ZodType) => schema._zod.def as unknown as Def;

/**
 * The text limit under the wrappers the contract puts round a field (optional, nullable, default, a
 * transform's input, `.or('')`): the first string's `.max`.
 */
function maxLengthOf(schema: z.core.$ZodType): number | undefined {
  const def = defOf(schema);
  if (def.type === 'string') return (schema as z.ZodString).maxLength ?? undefined;
  if (def.innerType) return maxLengthOf(def.innerType);
  if (def.type === 'pipe' && def.in) return maxLengthOf(def.in);
  for (const option of def.options ?? []) {
    const max = maxLengthOf(option);
    if (max !== undefined) return max;
  }
  return undefined;
}

const cache = new WeakMap<object, Map<string, FieldRules>>();

/** The rules of `name` in an object schema (cached per schema); a name it does not have: none. */
export function fieldRules(schema: z.ZodType, name: string): FieldRules {
  let rules = cache.get(schema);
  if (!rules) cache.set(schema, (rules = new Map()));
  const known = rules.get(name);
  if (known) return known;
  const shape = (schema as Partial<z.ZodObject>).shape as Record<string, z.ZodType> | undefined;
  const field = shape?.[name];
  const found: FieldRules = field
    ? { required: !field.safeParse(undefined).success, maxLength: maxLengthOf(field) }
    : { required: false };
  rules.set(name, found);
  return found;
}
