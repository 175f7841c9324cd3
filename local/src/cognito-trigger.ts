import { createServer, type Server } from 'node:http';

/**
 * A tiny stand-in for the Lambda service that cognito-local calls for its triggers
 * (`POST /2015-03-31/functions/<name>/invocations`). Locally there is no email server, so the
 * PreSignUp trigger confirms every sign-up and marks the email verified. Other triggers get
 * their event back unchanged.
 */
export interface TriggerServer {
  url: string;
  stop(): Promise<void>;
}

/** A trigger event as cognito-local sends it; only these fields are read or changed here. */
type TriggerEvent = { triggerSource?: unknown; response?: Record<string, unknown>; [field: string]: unknown };

export async function startTriggerServer(opts: { port: number; host?: string }): Promise<TriggerServer> {
  const host = opts.host ?? '127.0.0.1';
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || !/^\/2015-03-31\/functions\/[^/]+\/invocations/.test(req.url ?? '')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
        return;
      }
      let event: TriggerEvent = {};
      try {
        event = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        // answer with an empty event; cognito-local then uses its defaults
      }
      if (String(event.triggerSource ?? '').startsWith('PreSignUp')) {
        event.response = {
          ...(event.response ?? {}),
          autoConfirmUser: true,
          autoVerifyEmail: true,
          autoVerifyPhone: false,
        };
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(event));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => resolve());
  });
  return {
    url: `http://${host}:${opts.port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
