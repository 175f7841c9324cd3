/**
 * 8. SMS received → wallet credited (issue 32): a buyer's TrxID request waits; the shop phone's SMS
 * for it is stored as the intake stores it; the figure is the time from storing the SMS to the
 * request being credited (the balance and ledger written), through the table's stream and the
 * matcher's handler, as the stream consumer runs on AWS. Payments one after another on one
 * receiving number (a phone forwards in the order it receives, so its balance chain holds).
 */
import { randomBytes } from 'node:crypto';
import { DescribeTableCommand, UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { streamConsumers } from '@khelaghor/contract';
import { getItem } from '../../functions/src/db/batch-get';
import { createDb } from '../../functions/src/db/client';
import { keys } from '../../functions/src/db/keys';
import type { PaymentItem } from '../../functions/src/db/payments/payment-items';
import { readBalanceChain, storeSms } from '../../functions/src/db/payments/sms-items';
import { readReceivingAccounts } from '../../functions/src/db/site/receiving-accounts';
import { createManualTopup } from '../../functions/src/use-cases/wallet/topups';
// eslint-disable-next-line boundaries/element-types -- the stack's stream poller, as the local stack runs its consumers
import { startStreamPoller } from '../../local/src/stream-poller';
import type { Row } from './report';
import { adminToken, fundedUsers } from './shop';
import type { BenchStack } from './stack';
import { percentile, round } from './stats';

const taka = (poisha: number) =>
  `${Math.floor(poisha / 100).toLocaleString('en-US')}.${String(poisha % 100).padStart(2, '0')}`;
/** The bKash Send Money wording (functions/src/domain/payments/sms/fixtures/bkash.json), Dhaka time. */
function bkashText(p: { amount: number; balance: number; trx: string; at: Date }) {
  const d = new Date(p.at.getTime() + 6 * 3600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  const when = `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
  return `You have received Tk ${taka(p.amount)} from 01812345678. Fee Tk 0.00. Balance Tk ${taka(p.balance)}. TrxID ${p.trx} at ${when}`;
}

export async function smsCredit(
  stack: BenchStack,
  opts: { payments: number; log: (line: string) => void },
): Promise<{ rows: Row[]; raw: unknown }> {
  // The matcher's handler reads the table from the environment, as on AWS.
  process.env.TABLE_NAME = stack.tableName;
  process.env.DYNAMODB_ENDPOINT = stack.dynamodbEndpoint;
  process.env.LOG_LEVEL = 'silent';
  const { handler } = (await import('../../functions/src/handlers/jobs/match-sms')) as {
    handler: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>;
  };
  const db = createDb({ table: stack.tableName, endpoint: stack.dynamodbEndpoint });
  const number = (await readReceivingAccounts(db)).wallets.find((w) => w.provider === 'bkash')?.number;
  if (!number) throw new Error('the stack has no bKash receiving number');
  const admin = await adminToken(stack);
  // 10 requests an hour per customer (DESIGN 12).
  const buyers = await fundedUsers(stack, admin, Math.ceil(opts.payments / 10), 0);
  // The bench's stack runs without a stream (the other sections measure the table without one):
  // this section turns it on for itself, as the table has it on AWS, and off again after.
  const described = await db.doc.send(new DescribeTableCommand({ TableName: stack.tableName }));
  const hadStream = described.Table?.StreamSpecification?.StreamEnabled === true;
  const streamSpec = (on: boolean) =>
    db.doc.send(
      new UpdateTableCommand({
        TableName: stack.tableName,
        StreamSpecification: on
          ? { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' }
          : { StreamEnabled: false },
      }),
    );
  if (!hadStream) await streamSpec(true);
  const poller = await startStreamPoller({
    endpoint: stack.dynamodbEndpoint,
    tableName: stack.tableName,
    keyPrefixes: streamConsumers.smsMatcher.keyPrefixes,
    eventNames: streamConsumers.smsMatcher.eventNames,
    batchSize: streamConsumers.smsMatcher.batchSize,
    handler: (event) => handler(event),
  });
  let balance = (await readBalanceChain(db, 'bkash', number))?.balance_poisha ?? 1_000_000;
  const sms = async (trx: string, amount: number) => {
    balance += amount;
    const text = bkashText({ amount, balance, trx, at: new Date() });
    const deviceId = 'bench-phone';
    const message = { messageId: randomBytes(8).toString('hex'), deviceId, receivingNumber: number };
    await storeSms(db, { ...message, sender: 'bKash', text }, new Date());
  };
  const trxId = () => `BN${randomBytes(4).toString('hex').toUpperCase()}`;
  const latencies: number[] = [];
  let credited = 0;
  try {
    // The chain starts (or goes on) at an SMS nobody asks about: a number's first SMS is the admin's.
    await sms(trxId(), 1_000);
    opts.log(`${opts.payments} TrxID requests, each credited by its SMS`);
    for (let i = 0; i < opts.payments; i++) {
      const buyer = buyers[i % buyers.length]!;
      const trx = trxId();
      const request = await createManualTopup(
        { db, now: () => new Date() },
        { userId: buyer.userId, email: buyer.email, sourceIp: `10.8.${i >> 8}.${i & 255}` },
        { amount: 50_000, payment_method: 'bkash', sender_number: '01812345678', transaction_id: trx },
      );
      const t = performance.now();
      await sms(trx, 50_000);
      for (;;) {
        const p = await getItem<PaymentItem>(db, keys.payment(request.id));
        if (p?.status === 'completed') break;
        if (p?.sms_review || performance.now() - t > 30_000)
          throw new Error(`payment ${request.id} not credited: ${p?.sms_review ?? 'timed out'}`);
        await new Promise((r) => setTimeout(r, 5));
      }
      latencies.push(performance.now() - t);
      credited++;
    }
  } finally {
    await poller.stop();
    if (!hadStream) await streamSpec(false);
    db.doc.destroy();
  }
  const section = '8 SMS payments';
  return {
    rows: [
      {
        section,
        figure: 'SMS received → wallet credited p50',
        value: round(percentile(latencies, 50)),
        unit: 'ms',
        budget: '',
      },
      {
        section,
        figure: 'SMS received → wallet credited p99',
        value: round(percentile(latencies, 99)),
        unit: 'ms',
        budget: '≤ 5,000 ms',
        pass: percentile(latencies, 99) <= 5_000,
      },
      { section, figure: 'requests credited', value: credited, unit: `of ${opts.payments}`, budget: '' },
    ],
    raw: { latencies, number },
  };
}
