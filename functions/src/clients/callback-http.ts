import http from 'node:http';
import https from 'node:https';
import type { LookupAddress, LookupOneOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './host-lookup';

/** What one POST to a reseller's callback URL came to. */
export interface CallbackAnswer {
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

/** Where a callback goes: the URL the reseller saved and the addresses of its host that were checked. */
export interface CallbackTarget {
  url: URL;
  /** Every address the name had when checked (all passed), in DNS order; at least one. */
  addresses: readonly ResolvedAddress[];
}

/** POST a signed callback; never throws (a refused connection or a timeout is an answer too). */
export type PostCallback = (
  target: CallbackTarget,
  headers: Record<string, string>,
  body: string,
) => Promise<CallbackAnswer>;

/**
 * What the attempt log says when no HTTP answer came before the connection stood: the same words
 * for a closed port, a filtered one, a TLS failure or a reset, so the log cannot be used to
 * scan which ports of a host are open.
 */
export const COULD_NOT_CONNECT = 'Could not connect';

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` that answers the checked addresses whatever name is asked: the connection goes where
 * the check looked, and a second DNS answer (rebinding) is never asked for. Node asks with
 * `all: true` when it tries the addresses in turn (autoSelectFamily), else for one.
 */
function pinnedLookup(pinned: readonly ResolvedAddress[]): LookupFunction {
  const lookup = (_host: string, options: LookupOneOptions & { all?: boolean }, callback: LookupCallback) => {
    if (options.all)
      callback(
        null,
        pinned.map((a) => ({ address: a.address, family: a.family })),
      );
    else callback(null, pinned[0]!.address, pinned[0]!.family);
  };
  return lookup as LookupFunction;
}

/**
 * The callback sender over node:http(s), not fetch: it connects to the checked addresses (the Host
 * header, TLS server name and certificate check stay the URL's name). Redirects are not followed
 * (a 3xx is a failed attempt): the signed request goes to the URL the reseller saved and nowhere
 * else. A fresh connection each time (no agent): a pooled one could outlive its check.
 */
export function postCallbackTo(timeoutMs: number): PostCallback {
  return ({ url, addresses }, headers, body) =>
    new Promise<CallbackAnswer>((resolve) => {
      const started = Date.now();
      let connected = false;
      let status: number | undefined;
      const verdict = (code: number) => (code >= 200 && code < 300 ? null : `HTTP ${code}`);
      const done = (status_code: number | null, error: string | null) =>
        resolve({ status_code, error, duration_ms: Date.now() - started });
      const send = url.protocol === 'https:' ? https.request : http.request;
      const req = send(url, {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        agent: false,
        lookup: pinnedLookup(addresses),
        signal: AbortSignal.timeout(timeoutMs),
      });
      req.on('socket', (socket) => {
        socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => {
          connected = true;
        });
      });
      req.on('response', (res) => {
        const code = (status = res.statusCode ?? 0);
        // Read (and drop) the body so the answer is complete; its content is not kept.
        res.resume();
        res.on('end', () => done(code, verdict(code)));
        res.on('error', () => done(code, verdict(code)));
      });
      req.on('error', (error) => {
        // The status line came and then the body stalled or broke: the status is the answer.
        if (status !== undefined) return done(status, verdict(status));
        const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
        // A receiver that took the connection (and, on https, proved its name) but did not answer
        // in time: saying so helps the reseller and tells nothing they could not learn themselves.
        done(null, timedOut && connected ? `No answer within ${timeoutMs / 1000} s` : COULD_NOT_CONNECT);
      });
      req.end(body);
    });
}
