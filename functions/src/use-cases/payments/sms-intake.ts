import type { SmsIntakeBody, SmsIntakeResponse } from '@khelaghor/contract/schemas/sms-devices';
import type { Db } from '../../db/client';
import { touchSmsDevice } from '../../db/payments/sms-devices';
import { storeSms } from '../../db/payments/sms-items';
import { SMS_SENDERS } from '../../domain/payments/sms/wordings';

/** The receiving phone whose device key signed the request (kit/device-access.ts). */
interface Device {
  deviceId: string;
  receivingNumber: string;
}

/**
 * One SMS a receiving phone forwarded. Only the MFS senders' SMS are taken (the parsers' own
 * sender list): each is kept, parsed or not, once per device and message id, under the number
 * the device key was made for (never a number the body names). Any other sender's SMS is
 * answered `ignored` and nothing of it is kept: the shop phone also gets OTPs and personal
 * messages that the shop has no business storing; the device's count of them tells the admin
 * the forwarder sends more than it should (docs/sms-forwarder.md).
 */
export async function takeSms(
  db: Db,
  device: Device,
  body: SmsIntakeBody,
  now: Date,
): Promise<SmsIntakeResponse & { stored: boolean }> {
  if (!Object.hasOwn(SMS_SENDERS, body.sender)) {
    await touchSmsDevice(db, device.deviceId, { ignored: true });
    return { status: 'ignored', sms_id: null, reading: 'unknown_sender', stored: false };
  }
  const { sms, stored } = await storeSms(
    db,
    {
      messageId: body.message_id,
      deviceId: device.deviceId,
      receivingNumber: device.receivingNumber,
      sender: body.sender,
      text: body.text,
      ...(body.received_at && { phoneReceivedAt: new Date(body.received_at).toISOString() }),
    },
    now,
  );
  await touchSmsDevice(db, device.deviceId, { smsAt: now.toISOString() });
  return {
    status: stored ? 'stored' : 'duplicate',
    sms_id: sms.id,
    reading: sms.parsed ? 'parsed' : (sms.unparsed_reason ?? 'unknown_wording'),
    stored,
  };
}
