import * as z from './zod';

export { formatTaka, parseTakaToPoisha } from './taka';

/** Money is an integer number of poisha (1 taka = 100 poisha) everywhere but the UI (a safe integer). */
export const Poisha = z.int();
export type Poisha = number;
