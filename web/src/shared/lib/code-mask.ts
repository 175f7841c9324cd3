/** The spec's Player UID rule (8 to 12 digits) and its texts; the server checks the same. */
export const UID_REQUIRED = 'Please enter Player UID';
export const UID_INVALID_TITLE = 'Invalid UID';
export const UID_INVALID = 'Please enter a valid game Player UID (8-12 digits)';

export function checkPlayerUid(uid: string): { title: string; message: string } | undefined {
  const value = uid.trim();
  if (!value) return { title: UID_REQUIRED, message: UID_REQUIRED };
  if (!/^\d{8,12}$/.test(value)) return { title: UID_INVALID_TITLE, message: UID_INVALID };
  return undefined;
}

/** Codes are shown as first 4 + asterisks + last 4 when longer than 8 characters. */
export function maskCode(code: string): string {
  if (code.length <= 8) return code;
  return `${code.slice(0, 4)}${'*'.repeat(code.length - 8)}${code.slice(-4)}`;
}
