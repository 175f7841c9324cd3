/**
 * The UddoktaPay sandbox of the local stack: the gateway's API (checkout-v2, verify-payment,
 * refund-payment, all behind the RT-UDDOKTAPAY-API-KEY header), a checkout page with Pay / Cancel /
 * Leave pending, the webhook (once, twice or never: a select on the page, default from the option
 * or env SANDBOX_WEBHOOK_MODE) and the redirect back with ?invoice_id=. Implementation: ./sandbox/.
 */
import { startSandboxServer, type SandboxControl, type SandboxOptions } from './sandbox/server';

export type { SandboxOptions } from './sandbox/server';

export interface SandboxGateway {
  url: string;
  apiKey: string;
  stop(): Promise<void>;
  /** Test hooks: list invoices, press the page's buttons, wait for webhooks. */
  control: SandboxControl;
}

export async function startSandboxGateway(opts: SandboxOptions): Promise<SandboxGateway> {
  const server = await startSandboxServer(opts);
  return { url: server.url, apiKey: opts.apiKey, stop: server.stop, control: server.control };
}
