import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { COULD_NOT_CONNECT, postCallbackTo, type CallbackTarget } from './callback-http';

/**
 * The sender against real sockets on this machine. Addresses here are loopback: which addresses
 * may be sent to is callback-target's question, asked before the sender is called.
 */
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

interface Seen {
  host: string | undefined;
  url: string | undefined;
  body: string;
}

async function serve(answer: (req: IncomingMessage, res: import('node:http').ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ host: req.headers.host, url: req.url, body });
      answer(req, res);
    });
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { port: (server.address() as AddressInfo).port, seen };
}

const at = (url: string): CallbackTarget => ({
  url: new URL(url),
  addresses: [{ address: '127.0.0.1', family: 4 }],
});
const post = postCallbackTo(2000);

describe('postCallbackTo', () => {
  it('connects to the checked address, whatever the name would resolve to now (no second lookup)', async () => {
    const { port, seen } = await serve((_, res) => res.end('ok'));
    // This name has no DNS entry anywhere: only the pinned address can make the connection.
    const answer = await post(
      at(`http://callbacks.reseller.invalid:${port}/cb?x=1`),
      { 'X-Test': '1' },
      '{"a":1}',
    );
    expect(answer).toMatchObject({ status_code: 200, error: null });
    expect(seen).toEqual([{ host: `callbacks.reseller.invalid:${port}`, url: '/cb?x=1', body: '{"a":1}' }]);
  });

  it('tries the next checked address when one does not take the connection', async () => {
    const { port, seen } = await serve((_, res) => res.end('ok'));
    const answer = await post(
      {
        url: new URL(`http://callbacks.reseller.invalid:${port}/cb`),
        addresses: [
          { address: '127.0.0.2', family: 4 },
          { address: '127.0.0.1', family: 4 },
        ],
      },
      {},
      '{}',
    );
    expect(answer).toMatchObject({ status_code: 200, error: null });
    expect(seen).toHaveLength(1);
  });

  it('does not follow a redirect: the 3xx is the answer, and nothing goes to its Location', async () => {
    const { port, seen } = await serve((_, res) => {
      res.writeHead(302, { Location: `http://127.0.0.1:${port}/elsewhere` }).end();
    });
    const answer = await post(at(`http://127.0.0.1:${port}/cb`), {}, '{}');
    expect(answer).toMatchObject({ status_code: 302, error: 'HTTP 302' });
    expect(seen.map((s) => s.url)).toEqual(['/cb']);
  });

  it("says only 'could not connect' for a closed port and for a port that does not speak TLS", async () => {
    const { port } = await serve((_, res) => res.end('plain http'));
    const tlsToPlain = await post(at(`https://127.0.0.1:${port}/cb`), {}, '{}');
    const closed = await serve(() => undefined);
    await new Promise((done) => servers.pop()!.close(done));
    const refused = await post(at(`http://127.0.0.1:${closed.port}/cb`), {}, '{}');
    for (const answer of [tlsToPlain, refused]) {
      expect(answer).toMatchObject({ status_code: null, error: COULD_NOT_CONNECT });
    }
  });

  it('says no answer in time when the receiver took the connection and stayed silent', async () => {
    const { port } = await serve(() => undefined);
    const answer = await postCallbackTo(300)(at(`http://127.0.0.1:${port}/cb`), {}, '{}');
    expect(answer).toMatchObject({ status_code: null, error: 'No answer within 0.3 s' });
    expect(answer.duration_ms).toBeGreaterThanOrEqual(290);
  });

  it('an answer other than 2xx is a failed attempt with its status', async () => {
    const { port } = await serve((_, res) => res.writeHead(500).end('boom'));
    expect(await post(at(`http://127.0.0.1:${port}/cb`), {}, '{}')).toMatchObject({
      status_code: 500,
      error: 'HTTP 500',
    });
  });
});
