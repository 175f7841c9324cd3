import { smsIntake as route } from '@khelaghor/contract/routes/payments';
import { db } from '../../db/client';
import { defineDeviceHandler } from '../../kit/device-handler';
import { clock } from '../../runtime/clock';
import { takeSms } from '../../use-cases/payments/sms-intake';

export const handler = defineDeviceHandler(route, async (req) => {
  const { stored, ...answer } = await takeSms(db(), req.device, req.body, clock());
  req.log.info('sms taken', {
    deviceId: req.device.deviceId,
    receivingNumber: req.device.receivingNumber,
    status: answer.status,
    reading: answer.reading,
  });
  if (stored) {
    // The silent-phone alarm's feed: one count per receiving number (docs/sms-forwarder.md).
    void import('../../runtime/metrics')
      .then((m) => m.countSmsReceived(req.device.receivingNumber))
      .catch(() => undefined);
  }
  return answer;
});
