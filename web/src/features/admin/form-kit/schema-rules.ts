import type * as z from '@khelaghor/contract/zod';

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
  checks?: readonly z.core.$ZodCheck[];
}
const defOf = (schema: z.core.$ZodType) => schema._zod.def as unknown as Def;

/**
 * A string's `.max`: the tightest of its maximum-length checks (an exact `length` counts too), as
 * zod classic's `maxLength` getter folds them; zod/mini has no such getter and leaves `_zod.bag`
 * empty for these checks, so they are read from the definition.
 */
function stringMaxLength(schema: z.core.$ZodType): number | undefined {
  const bag = schema._zod.bag as { maximum?: unknown };
  let max = typeof bag.maximum === 'number' ? bag.maximum : undefined;
  for (const check of defOf(schema).checks ?? []) {
    const def = check._zod.def as { check: string; maximum?: number; length?: number };
    const limit =
      def.check === 'max_length' ? def.maximum : def.check === 'length_equals' ? def.length : undefined;
    if (limit !== undefined && (max === undefined || limit < max)) max = limit;
  }
  return max;
}

/**
 * The text limit under the wrappers the contract puts round a field (optional, nullable, default, a
 * transform's input, `.or('')`): the first string's `.max`.
 */
function maxLengthOf(schema: z.core.$ZodType): number | undefined {
  const def = defOf(schema);
  if (def.type === 'string') return stringMaxLength(schema);
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
export function fieldRules(schema: z.ZodMiniType, name: string): FieldRules {
  let rules = cache.get(schema);
  if (!rules) cache.set(schema, (rules = new Map()));
  const known = rules.get(name);
  if (known) return known;
  const shape = (schema as Partial<z.ZodMiniObject>).shape as Record<string, z.ZodMiniType> | undefined;
  const field = shape?.[name];
  const found: FieldRules = field
    ? { required: !field.safeParse(undefined).success, maxLength: maxLengthOf(field) }
    : { required: false };
  rules.set(name, found);
  return found;
}
