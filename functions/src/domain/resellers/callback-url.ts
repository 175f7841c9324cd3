/**
 * Why a callback URL is refused, or undefined when it is fine: https only, except a plain-http
 * receiver on this machine (http://localhost, 127.0.0.1) outside production, for trying the API.
 */
export function callbackUrlProblem(url: string, opts: { production: boolean }): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Please enter a valid URL (https://...)';
  }
  if (parsed.username || parsed.password) return 'The URL must not contain a user name or password';
  if (parsed.protocol === 'https:') return undefined;
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname);
  if (parsed.protocol === 'http:' && local && !opts.production) return undefined;
  return 'The callback URL must start with https://';
}
