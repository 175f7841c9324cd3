// Linted as local/src/lint-sample.ts: the local stack reaching into the handler kit.
import { defineHandler } from '../../functions/src/kit/handler';

export const sample = defineHandler;
