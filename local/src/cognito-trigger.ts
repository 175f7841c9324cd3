import type { Context } from 'aws-lambda';
import { createServer, type Server } from 'node:http';
import { loadHandler } from '../../functions/src/handlers/load';

/**
 * A tiny stand-in for the Lambda service that cognito-local calls for its triggers
 * (`POST /2015-03-31/functions/<name>/invocations`). CustomMessage events run the very handler
 * module the pool's trigger Lambda runs on AWS (functions/src/handlers/auth/custom-message.ts): the
 * subject and HTML of the sign-up and password-reset mails. Any other event comes back unchanged
 * (none is configured: sign-ups are confirmed with the emailed code, as on AWS).
 */
export interface TriggerServer {
  url: string;
  stop(): Promise<void>;
}

/** The handler module of the CustomMessage trigger (infra/src/auth.ts attaches the same one). */
const CUSTOM_MESSAGE_HANDLER = 'auth/custom-message';

/** A trigger event as cognito-local sends it. */
type TriggerEvent = { triggerSource?: unknown; [field: string]: unknown };
type TriggerHandler = (event: TriggerEvent, context: Context) => Promise<TriggerEvent>;

export async function startTriggerServer(opts: { port: number; host?: string }): Promise<TriggerServer> {
  const host = opts.host ?? '127.0.0.1';
  let customMessage: Promise<TriggerHandler> | undefined;
  const run = async (name: string, event: TriggerEvent): Promise<TriggerEvent> => {
    if (!String(event.triggerSource ?? '').startsWith('CustomMessage_')) return event;
    customMessage ??= loadHandler(CUSTOM_MESSAGE_HANDLER).then((h) => h as unknown as TriggerHandler);
    return (await customMessage)(event, {
      awsRequestId: `trigger-${Date.now()}`,
      functionName: name,
    } as Context);
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const match = /^\/2015-03-31\/functions\/([^/]+)\/invocations/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
        return;
      }
      let event: TriggerEvent = {};
      try {
        event = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        // answer with an empty event; cognito-local then uses its defaults
      }
      run(decodeURIComponent(match[1]!), event).then(
        (result) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result)),
        // As Lambda reports a thrown error: cognito-local then sends its plain message with the code.
        (error: Error) =>
          res
            .writeHead(200, { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' })
            .end(JSON.stringify({ errorType: error.name, errorMessage: error.message })),
      );
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
