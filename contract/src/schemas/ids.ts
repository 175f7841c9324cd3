import * as z from '../zod';

/**
 * A server-made id in a path or query: a ULID, a Cognito sub or a slug. Only its length is checked
 * here; an id that names nothing is the route's 404.
 */
export const Id = z.string().check(z.trim(), z.minLength(1), z.maxLength(128));

/** `{id}` of every route that takes one. */
export const IdParams = z.object({ id: Id });
