import * as z from 'zod';

export { formatTaka, parseTakaToPoisha } from './taka';

/** Money is an integer number of poisha (1 taka = 100 poisha) everywhere but the UI. */
export const Poisha = z.number().int().safe();
export type Poisha = number;
