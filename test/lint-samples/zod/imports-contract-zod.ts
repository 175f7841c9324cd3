import * as z from '@khelaghor/contract/zod';

export const Name = z.string();
