/** Bangladesh has no daylight saving: its day starts at 18:00 UTC of the day before. */
const DHAKA_OFFSET_MS = 6 * 3600_000;

/**
 * The Asia/Dhaka day (YYYY-MM-DD) of an instant: the shop's day for sales counts, the audit
 * trail's partitions and the admin pages that pick a day. One rule for the server and the SPA.
 */
export const dhakaDay = (at: string | number | Date): string =>
  new Date(new Date(at).getTime() + DHAKA_OFFSET_MS).toISOString().slice(0, 10);
