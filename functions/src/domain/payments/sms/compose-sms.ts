/**
 * A bKash 'Send Money received' SMS as the shop's phone gets it (the wording of
 * fixtures/bkash.json), for the matcher's tests, the bench and the local shop phone.
 */
const taka = (poisha: number) =>
  `${Math.floor(poisha / 100).toLocaleString('en-US')}.${String(poisha % 100).padStart(2, '0')}`;

/** Asia/Dhaka (UTC+6, no DST) as the SMS prints it: dd/mm/yyyy hh:mm. */
function dhakaTime(iso: string): string {
  const d = new Date(Date.parse(iso) + 6 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
}

export function bkashSendMoneyText(sms: {
  amount: number;
  from: string;
  balance: number;
  trxId: string;
  at: string;
}): string {
  return `You have received Tk ${taka(sms.amount)} from ${sms.from}. Fee Tk 0.00. Balance Tk ${taka(sms.balance)}. TrxID ${sms.trxId} at ${dhakaTime(sms.at)}`;
}
