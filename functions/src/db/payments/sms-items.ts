import { createHash } from 'node:crypto';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SmsControl, SmsStatus } from '@khelaghor/contract/sms-facts';
import { nextChain, type BalanceChain, type ChainVerdict } from '../../domain/payments/sms/balance-chain';
import { parseSms } from '../../domain/payments/sms/parse-sms';
import type { ParsedSms, SmsProvider, SmsType } from '../../domain/payments/sms/sms-types';
import { getItem } from '../batch-get';
import type { Db } from '../client';
import { indexKeys, keys, lists, timeKey } from '../keys';
import { indexPage, type Page } from '../list-items';
import { isConflict } from '../conflict-retry';
import { isConditionFailure, transact, write, WriteRefused, type Write } from '../transact';
import type { TrxClaimItem } from '../wallet/trx-claim';

/**
 * The SMS the shop's receiving phones forward (docs/sms-payments.md). The intake route calls
 * `storeSms` once per verified message; the matcher (use-cases/payments/match-sms.ts) reads them
 * from the table's stream and decides each one; the admin's inbox pages them with `listSms`.
 *
 *   storeSms(db, {
 *     messageId,        // the forwarder's id of the message: the same id is stored once
 *     deviceId,         // the device key that signed it
 *     receivingNumber,  // the number that device key was created for (01XXXXXXXXX)
 *     sender,           // the SMS's sender as the phone shows it ('bKash', 'NAGAD', '16216', ...)
 *     text,             // the SMS's text, untouched
 *     phoneReceivedAt,  // optional: when the phone says it received it (ISO); shown, never trusted
 *   }, now) → { sms: SmsItem, stored: boolean }  // stored false: this message was stored before
 *
 * Every SMS is kept, parsed or not. A parsed one also gets a pointer in its TrxID's partition (the
 * matcher reads the claim and every SMS naming the TrxID in one consistent Query) and moves its
 * receiving account's balance chain, all in one transaction.
 */

/** What a parser read (snake_case on the item, amounts in poisha). */
interface SmsParsed {
  provider: SmsProvider;
  sms_type: SmsType;
  wording: string;
  amount: number;
  trx_id: string;
  counterparty_number: string;
  balance: number;
  /** The provider's time of the payment, ISO UTC. */
  at: string;
}

export interface SmsItem {
  type: 'sms';
  id: string;
  message_id: string;
  device_id: string;
  receiving_number: string;
  sender: string;
  text: string;
  /** When the shop stored it (the list's order: the phone's own clock is not trusted). */
  received_at: string;
  phone_received_at?: string;
  status: SmsStatus;
  parsed?: SmsParsed;
  unparsed_reason?: 'unknown_sender' | 'unknown_wording' | 'bad_value';
  /** Its receiving account's balance chain at this SMS (parsed ones only). */
  chain?: ChainVerdict;
  /** `review`: the control that failed (contract/src/sms-facts.ts SMS_CONTROLS). */
  failed_control?: SmsControl;
  /** `matched`: the request it credited; `review`: the request it was compared with. */
  payment_id?: string;
  updated_at: string;
}

export interface SmsInput {
  messageId: string;
  deviceId: string;
  receivingNumber: string;
  sender: string;
  text: string;
  phoneReceivedAt?: string;
}

/** The stored SMS's id: the same device and message id always give the same id (idempotent). */
export const smsIdOf = (deviceId: string, messageId: string) =>
  createHash('sha256').update(`${deviceId}\u0000${messageId}`).digest('hex').slice(0, 32);

export const getSms = (db: Db, id: string) => getItem<SmsItem>(db, keys.sms(id));

const parsedOf = (p: ParsedSms): SmsParsed => ({
  provider: p.provider,
  sms_type: p.type,
  wording: p.wording,
  amount: p.amountPoisha,
  trx_id: p.trxId,
  counterparty_number: p.counterpartyNumber,
  balance: p.balancePoisha,
  at: p.at,
});

interface ChainItem extends BalanceChain {
  seq: number;
}

/** The chain's update, conditional on the chain read (`seq`), so two SMS of one account queue. */
function chainWrite(
  table: string,
  key: { pk: string; sk: string },
  read: ChainItem | undefined,
  next: BalanceChain,
): Write {
  return write('chain', {
    Put: {
      TableName: table,
      Item: { ...key, type: 'balance_chain', ...next, seq: (read?.seq ?? 0) + 1 },
      ConditionExpression: read ? 'seq = :seq' : 'attribute_not_exists(pk)',
      ...(read && { ExpressionAttributeValues: { ':seq': read.seq } }),
    },
  });
}

/** Store one forwarded SMS (see the comment at the top). Safe to call again with the same message. */
export async function storeSms(
  db: Db,
  input: SmsInput,
  now: Date,
): Promise<{ sms: SmsItem; stored: boolean }> {
  const id = smsIdOf(input.deviceId, input.messageId);
  const nowIso = now.toISOString();
  const reading = parseSms({ sender: input.sender, text: input.text });
  const base: SmsItem = {
    type: 'sms',
    id,
    message_id: input.messageId,
    device_id: input.deviceId,
    receiving_number: input.receivingNumber,
    sender: input.sender,
    text: input.text,
    received_at: nowIso,
    ...(input.phoneReceivedAt && { phone_received_at: input.phoneReceivedAt }),
    status: reading.kind === 'parsed' ? 'waiting' : 'unparsed',
    ...(reading.kind === 'parsed' ? { parsed: parsedOf(reading) } : { unparsed_reason: reading.reason }),
    updated_at: nowIso,
  };
  const put = (item: SmsItem) =>
    write('sms', {
      Put: {
        TableName: db.table,
        Item: { ...keys.sms(id), ...item, gsi2pk: indexKeys.allSms(), gsi2sk: timeKey(nowIso, id) },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
  for (let attempt = 0; ; attempt++) {
    const writes: Write[] = [];
    let item = base;
    if (reading.kind === 'parsed') {
      const chainKey = keys.balanceChain(reading.provider, input.receivingNumber);
      const read = await getItem<ChainItem>(db, chainKey);
      const next = nextChain(read, reading, nowIso);
      item = { ...base, chain: next.verdict };
      writes.push(chainWrite(db.table, chainKey, read, next.chain));
      writes.push(
        write('trx_sms', {
          Put: {
            TableName: db.table,
            Item: { ...keys.trxIdSms(reading.trxId, id), type: 'trx_sms', sms_id: id, received_at: nowIso },
          },
        }),
      );
    }
    try {
      await transact(db, [put(item), ...writes]);
      return { sms: item, stored: true };
    } catch (error) {
      if (error instanceof WriteRefused && error.has('sms')) {
        const existing = await getSms(db, id);
        if (existing) return { sms: existing, stored: false };
      }
      // Another SMS of the same account moved its chain first, or its transaction still holds the
      // chain (AWS's TransactionConflict, past the client's own retries): read it again (a phone
      // forwards a few a minute).
      if (((error instanceof WriteRefused && error.has('chain')) || isConflict(error)) && attempt < 8)
        continue;
      throw error;
    }
  }
}

/** The admin's SMS inbox: newest first, cursor pages. */
export const listSms = (db: Db, page: { cursor?: string; limit: number }): Promise<Page<SmsItem>> =>
  indexPage<SmsItem>(db, lists.allSms(), page);

/**
 * A TrxID's claim (the requests naming it, the one credited) and every SMS naming it, from one
 * consistent Query of its partition: whichever of an SMS and a request is written second, its
 * reader sees the other.
 */
export async function trxIdFacts(db: Db, trx: string): Promise<{ claim?: TrxClaimItem; smsIds: string[] }> {
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.trxIdPartition(trx) },
      ConsistentRead: true,
    }),
  );
  const items = res.Items ?? [];
  return {
    claim: items.find((i) => i.sk === keys.trxId(trx).sk) as TrxClaimItem | undefined,
    smsIds: items.filter((i) => String(i.sk).startsWith(keys.trxIdSmsPrefix())).map((i) => String(i.sms_id)),
  };
}

/** The SMS is decided (matched or review), once: only while it waits. Part of the decision's transaction. */
export function smsDecisionWrite(
  table: string,
  smsId: string,
  to: Extract<SmsStatus, 'matched' | 'review'>,
  decided: { paymentId?: string; control?: SmsControl; now: string },
): Write {
  return write('sms', {
    Update: {
      TableName: table,
      Key: keys.sms(smsId),
      UpdateExpression: `SET #status = :to, updated_at = :now${decided.paymentId ? ', payment_id = :pid' : ''}${decided.control ? ', failed_control = :c' : ''}`,
      ConditionExpression: '#status = :waiting',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':to': to,
        ':now': decided.now,
        ':waiting': 'waiting',
        ...(decided.paymentId && { ':pid': decided.paymentId }),
        ...(decided.control && { ':c': decided.control }),
      },
    },
  });
}

/**
 * A request the SMS was compared with is rejected: the SMS waits again for the TrxID's next
 * request (a buyer who typed the wrong amount asks again and is matched). Only from `review`; in
 * the rejection's transaction. Its stream change is a MODIFY, which the matcher does not act on:
 * the new request's INSERT is what decides it.
 */
export function smsReopenWrite(table: string, smsId: string, now: string): Write {
  return write('sms_reopen', {
    Update: {
      TableName: table,
      Key: keys.sms(smsId),
      UpdateExpression: 'SET #status = :waiting, updated_at = :now REMOVE failed_control, payment_id',
      ConditionExpression: '#status = :review',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':waiting': 'waiting', ':review': 'review', ':now': now },
    },
  });
}

/** An admin clears a broken balance chain: the account's next SMS is checked against its last balance. */
export async function clearBalanceChain(db: Db, provider: SmsProvider, number: string): Promise<boolean> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.balanceChain(provider, number),
        UpdateExpression: 'REMOVE broken_since ADD seq :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The balance chain of a receiving account (the admin's SMS phones page shows whether it is broken). */
export const readBalanceChain = (db: Db, provider: SmsProvider, number: string) =>
  getItem<BalanceChain>(db, keys.balanceChain(provider, number));
