import { keptPerContainer } from './container-state';

let override: (() => Date) | undefined;
keptPerContainer(() => (override = undefined));

/** The handlers' clock: the real one unless a test set another (time windows tested without sleeping). */
export function clock(): Date {
  return override?.() ?? new Date();
}

/** Tests: use this clock (undefined goes back to the real one). */
export function setClock(next: (() => Date) | undefined): void {
  override = next;
}
