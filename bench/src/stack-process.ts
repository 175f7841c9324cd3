/**
 * The local stack in its own Node process, so the load generator (autocannon, the bench's own
 * loops) never shares an event loop with the API server it measures. Prints one line
 * `BENCH_STACK {json}` when ready; stops on SIGTERM/SIGINT or when stdin closes.
 */
import { startStack } from '../../local/src/stack';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: stack-process.ts <dataDir>');

// On AWS the notifier runs on its own Lambdas: here it would take the cores the API is measured on.
// No edge cache: the figures are the handlers' (and their short cache's), not CloudFront's.
const stack = await startStack({ dataDir, quiet: true, sweeper: false, notifier: false, edgeCache: false });
const { stop, ...info } = stack;
process.stdout.write(`BENCH_STACK ${JSON.stringify(info)}\n`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await stop().catch(() => undefined);
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
process.stdin.on('end', () => void shutdown());
process.stdin.resume();
