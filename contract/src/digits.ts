/**
 * Digits are digits in any script. A Bangla keyboard types ১২৩৪৫৬৭৮৯ for a Player UID, a phone
 * number or an amount; every digit field turns them into ASCII before any check, on the server (the
 * zod schemas) and in the SPA (as typed), so the rule, the stored value and the gateway all see
 * 0-9. Zod-free, so the SPA's initial bundle can import it.
 */

/** Any Unicode decimal digit (general category Nd: Bangla, Devanagari, Arabic-Indic, fullwidth...). */
const DECIMAL_DIGIT = /\p{Nd}/gu;
const IS_DECIMAL_DIGIT = /^\p{Nd}$/u;

/**
 * Unicode encodes every script's decimal digits as runs of ten code points, zero first (a stability
 * guarantee of the standard), so a digit's value is its distance from the start of its run, modulo
 * ten (the mathematical digits are five such runs back to back).
 */
function digitValue(digit: string): number {
  const code = digit.codePointAt(0)!;
  let start = code;
  while (start > 0 && IS_DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
  return (code - start) % 10;
}

const cache = new Map<string, string>();

/** The text with every Unicode decimal digit replaced by its ASCII digit; everything else kept. */
export function toAsciiDigits(text: string): string {
  return text.replace(DECIMAL_DIGIT, (digit) => {
    if (digit.length === 1 && digit <= '9' && digit >= '0') return digit;
    let ascii = cache.get(digit);
    if (ascii === undefined) {
      ascii = String(digitValue(digit));
      cache.set(digit, ascii);
    }
    return ascii;
  });
}

/**
 * What a digit-only field keeps of what was typed or pasted: digits in any script as ASCII, and
 * only the characters `allowed` also lets through (e.g. '+' and spaces in a phone number); letters
 * are dropped as they are typed.
 */
export function keepDigits(text: string, allowed = ''): string {
  let kept = '';
  for (const char of toAsciiDigits(text)) {
    if ((char >= '0' && char <= '9') || allowed.includes(char)) kept += char;
  }
  return kept;
}
