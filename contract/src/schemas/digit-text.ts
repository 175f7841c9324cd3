import * as z from '../zod';
import { toAsciiDigits } from '../digits';

/**
 * A text field that holds digits (Player UID, zone, phone numbers, TrxID, codes): any script's
 * digits become ASCII before trimming and before any rule, so ১২৩৪৫৬৭৮ is 12345678 to every check
 * and is stored as 12345678.
 */
export const digitText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).check(z.overwrite(toAsciiDigits));
