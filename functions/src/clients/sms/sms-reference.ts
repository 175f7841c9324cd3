import { createHash } from 'node:crypto';

/** The longest client message id SSL Wireless takes (`csms_id`): verify against the provider's docs. */
const SMS_REFERENCE_LENGTH = 20;

/**
 * Our reference for one SMS, made from what the message is for (a notice id, a verification
 * code's id) alone: the same message asked for twice has the same reference, so the provider can
 * refuse the second. Hex of a SHA-256, cut to the provider's length (80 bits: no collisions in
 * any number of messages this shop will send).
 */
export const smsReference = (of: string): string =>
  createHash('sha256').update(of).digest('hex').slice(0, SMS_REFERENCE_LENGTH);
