/**
 * Codes are shown as first 4 + asterisks + last 4 when longer than 8 characters: the SPA until
 * the buyer reveals one, and every SMS (an SMS is read on a lock screen and kept by the operator).
 */
export function maskCode(code: string): string {
  if (code.length <= 8) return code;
  return `${code.slice(0, 4)}${'*'.repeat(code.length - 8)}${code.slice(-4)}`;
}
