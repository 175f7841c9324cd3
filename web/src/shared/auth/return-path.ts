/**
 * After signing in the buyer goes to / (the spec), or back to the page that sent them to sign in
 * when it did so during this load of the app. Router state alone is not enough: the browser keeps
 * it with the history entry, so a tab restored the next day, or an old /auth entry reached with
 * Back, would still carry a page from another visit.
 */
const visit = Math.random().toString(36).slice(2);

interface SignInState {
  from: string;
  visit: string;
}

/** Router state for /auth from a page that needs a signed-in buyer: come back here afterwards. */
export const signInState = (from: string): SignInState => ({ from, visit });

/** Where to go once signed in: the page that asked, in this visit, if it is one of ours; else /. */
export function afterSignIn(state: unknown): string {
  const asked = state as Partial<SignInState> | null | undefined;
  const from = asked?.from;
  if (asked?.visit !== visit || typeof from !== 'string') return '/';
  const ours = from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/auth');
  return ours ? from : '/';
}
