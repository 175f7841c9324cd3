import { SegmentedMessage } from 'sms-segments-calculator';

/**
 * How an SMS text travels: GSM-7 (160 characters in one part, 153 a part after) when every
 * character is in the GSM alphabet, else UCS-2 (70 UTF-16 units in one part, 67 a part after):
 * any Bangla letter, and the taka sign ৳, make the whole message UCS-2. Counted by Twilio's
 * calculator (sms-segments-calculator), which knows the GSM alphabet and its escaped characters.
 */
export function smsParts(text: string): { encoding: 'GSM-7' | 'UCS-2'; parts: number } {
  const m = new SegmentedMessage(text);
  return { encoding: m.encodingName === 'GSM-7' ? 'GSM-7' : 'UCS-2', parts: m.segmentsCount };
}

/**
 * The first of `candidates` (richest first) that fits in one part; the last one when none does
 * (it is the plainest: sent in two parts rather than not at all). Empty candidates are skipped.
 */
export function firstInOnePart(candidates: Array<string | undefined | false>): string {
  const texts = candidates.filter((c): c is string => typeof c === 'string' && c.length > 0);
  return texts.find((t) => smsParts(t).parts === 1) ?? texts[texts.length - 1]!;
}
