import * as z from 'zod/mini';

export const Name = z.string();
