import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { freshTable } from '../../test/db';
import { customer, invoke } from '../../test/invoke';
import type { Db } from '../src/db/client';
import { keys } from '../src/db/keys';
import { writePlayerLookup } from '../src/db/players/lookup-config';
import { seedProfile, seedVariant } from './commerce-fixtures';

/**
 * Issue 35: a Bangla keyboard types ১২৩৪৫৬৭৮৯ for a Player UID. Every digit field takes digits in
 * any script, checks them as ASCII and stores them as ASCII (contract/src/digits.ts).
 */
let db: Db;
const key = () => `k-${Math.random().toString(36).slice(2)}`;

beforeAll(async () => {
  db = await freshTable('unicode-digits');
  await writePlayerLookup(db, 'simulation', '2026-03-01T10:00:00.000Z');
});

describe('digits typed in Bangla (and other scripts)', () => {
  it('the player lookup takes a Bangla-digit UID as the same UID', async () => {
    const bangla = await invoke('lookupPlayer', { body: { player_uid: '১২৩৪৫৬৭৮৯' }, sourceIp: '10.9.0.1' });
    expect(bangla.status).toBe(200);
    expect(bangla.body.player.player_uid).toBe('123456789');
    const ascii = await invoke('lookupPlayer', { body: { player_uid: '123456789' }, sourceIp: '10.9.0.1' });
    expect(bangla.body.player).toEqual(ascii.body.player);
    // Letters are still refused, in any script.
    const letters = await invoke('lookupPlayer', { body: { player_uid: '১২৩ক৫৬৭৮' }, sourceIp: '10.9.0.1' });
    expect(letters.status).toBe(400);
  });

  it('an order with a Bangla-digit UID, zone and WhatsApp number is placed and stored in ASCII', async () => {
    const u = customer(351);
    await seedProfile(db, u, 100000);
    const { productId, variantId } = await seedVariant(db, { price: 15000, codes: 1 });
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.product(productId),
        UpdateExpression: 'SET account_fields = :f, zone_label = :z',
        ExpressionAttributeValues: { ':f': 'player_uid_zone', ':z': 'Server ID' },
      }),
    );
    const placed = await invoke('placeOrder', {
      as: u,
      headers: { 'Idempotency-Key': key() },
      body: {
        variant_id: variantId,
        player_uid: '১২৩৪৫৬৭৮৯',
        player_zone: '২৪০১',
        whatsapp_number: '+৮৮০ ১৭১১-২২২৩৩৩',
        payment_method: 'wallet',
      },
    });
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({
      player_uid: '123456789',
      player_zone: '2401',
      whatsapp_number: '+880 1711-222333',
    });
    const stored = await db.doc.send(
      new GetCommand({ TableName: db.table, Key: keys.order(placed.body.order.id) }),
    );
    expect(stored.Item).toMatchObject({ player_uid: '123456789', player_zone: '2401' });
  });

  it('a UID in Bangla digits still follows the 8-12 digit rule', async () => {
    const u = customer(352);
    await seedProfile(db, u, 100000);
    const { variantId } = await seedVariant(db, { price: 100, codes: 1 });
    const short = await invoke('placeOrder', {
      as: u,
      headers: { 'Idempotency-Key': key() },
      body: { variant_id: variantId, player_uid: '১২৩৪', payment_method: 'wallet' },
    });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe('Please enter a valid game Player UID (8-12 digits)');
  });

  it('a manual top-up takes a Bangla sender number and TrxID digits, stored in ASCII', async () => {
    const u = customer(353);
    await seedProfile(db, u);
    const res = await invoke('createManualTopup', {
      as: u,
      body: {
        amount: 50000,
        payment_method: 'bkash',
        sender_number: '০১৭১১১১১১১১',
        transaction_id: 'TRX৯X৮Y৭',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.payment).toMatchObject({ sender_number: '01711111111', transaction_id: 'TRX9X8Y7' });
  });
});
