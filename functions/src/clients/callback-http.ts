/** What one POST to a reseller's callback URL came to. */
export interface CallbackAnswer {
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

/** POST a signed callback; never throws (a refused connection or a timeout is an answer too). */
export type PostCallback = (
  url: string,
  headers: Record<string, string>,
  body: string,
) => Promise<CallbackAnswer>;

/**
 * The callback sender over fetch. Redirects are not followed (a 3xx is a failed attempt): the
 * signed request goes to the URL the reseller saved and nowhere else.
 */
export function fetchPostCallback(timeoutMs: number): PostCallback {
  return async (url, headers, body) => {
    const started = Date.now();
    const took = () => Date.now() - started;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      // Read (and drop) the body so the connection is released; its content is not kept.
      await res.arrayBuffer().catch(() => undefined);
      return { status_code: res.status, error: res.ok ? null : `HTTP ${res.status}`, duration_ms: took() };
    } catch (error) {
      const e = error as Error & { cause?: { code?: string } };
      const reason =
        e.name === 'TimeoutError' || e.name === 'AbortError'
          ? `No answer within ${timeoutMs / 1000} s`
          : (e.cause?.code ?? e.message).slice(0, 200);
      return { status_code: null, error: reason, duration_ms: took() };
    }
  };
}
