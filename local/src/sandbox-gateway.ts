/**
 * The UddoktaPay sandbox of the local stack (filled in by the payments work): the gateway's API
 * (checkout-v2, verify-payment), a checkout page with Pay / Cancel / Leave pending, the webhook
 * (once, twice or never) and the redirect with invoice_id.
 */
export interface SandboxGateway {
  url: string;
  apiKey: string;
  stop(): Promise<void>;
}

export async function startSandboxGateway(opts: { port: number; apiKey: string }): Promise<SandboxGateway> {
  return { url: `http://127.0.0.1:${opts.port}`, apiKey: opts.apiKey, stop: async () => undefined };
}
