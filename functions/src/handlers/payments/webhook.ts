import { paymentWebhook as route } from '@khelaghor/contract/routes/payments';
import { confirmInvoice } from '../../use-cases/payments/confirm-invoice';
import { fulfilmentDeps } from '../../use-cases/payments/deps';
import { badRequest, unauthorized } from '../../domain/refusals';
import { defineHandler } from '../../kit/handler';

/**
 * The gateway's webhook. Its only authentication is the API-key header (constant-time compare);
 * its body is never trusted: only the invoice id is read, and the gateway is asked about it.
 */
export const handler = defineHandler(route, async (req) => {
  const deps = fulfilmentDeps();
  const gateway = await deps.gateway();
  if (!gateway.checkApiKey(req.headers['rt-uddoktapay-api-key'])) throw unauthorized('Invalid API key');
  const invoiceId = req.body.invoice_id;
  if (typeof invoiceId !== 'string' || !/^[\w-]{1,128}$/.test(invoiceId))
    throw badRequest('invoice_id is required');
  const { outcome } = await confirmInvoice({ ...deps, gateway: async () => gateway }, invoiceId);
  req.log.info('webhook settled', { invoiceId, outcome });
  return { ok: true, status: outcome };
});
