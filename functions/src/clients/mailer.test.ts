import { SESv2Client, type SendEmailCommand } from '@aws-sdk/client-sesv2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMailer } from './mailer';

/** What the SES v2 client is asked to send (no network: the client's send is replaced). */
function captureSes() {
  const sent: SendEmailCommand['input'][] = [];
  vi.spyOn(SESv2Client.prototype, 'send').mockImplementation(async (command: unknown) => {
    sent.push((command as SendEmailCommand).input);
    return { MessageId: 'm-1' };
  });
  return sent;
}
afterEach(() => vi.restoreAllMocks());

const mail = { to: ['buyer@example.com'], subject: 'Receipt', text: 'Thanks', html: '<p>Thanks</p>' };

describe('the SES mailer', () => {
  it('sends every message with the configuration set (bounce and complaint suppression, reputation metrics)', async () => {
    const sent = captureSes();
    const mailer = createMailer({
      from: 'Shop <no-reply@shop.example.com>',
      region: 'ap-southeast-1',
      configurationSet: 'shop-mail',
    });
    await mailer.send(mail);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.ConfigurationSetName).toBe('shop-mail');
  });

  it('names no configuration set when none is configured', async () => {
    const sent = captureSes();
    await createMailer({ from: 'no-reply@shop.example.com', region: 'ap-southeast-1' }).send(mail);
    expect(sent[0]!.ConfigurationSetName).toBeUndefined();
  });
});
