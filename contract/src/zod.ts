import { config } from 'zod/mini';
import { en } from 'zod/locales';

/**
 * The one zod every schema is built with: zod/mini, whose functions a bundle keeps only as used
 * (classic zod's methods keep all of it: ~95 KB and ~20 ms of module init in every Lambda), with
 * the English messages zod classic loads by itself (mini's issues would otherwise all say
 * 'Invalid input'). Import it as `import * as z from` this module, never from 'zod' or 'zod/mini'
 * directly, so the messages are set before any schema parses. This call is this module's side
 * effect: package.json names this file in `sideEffects`, or bundlers would drop it.
 */
config(en());

export * from 'zod/mini';
