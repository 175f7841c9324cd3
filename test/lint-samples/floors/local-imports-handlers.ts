// Linted as local/src/lint-sample.ts: the local stack loading a handler, as it may.
import { loadHandler } from '../../functions/src/handlers/load';

export const sample = loadHandler;
