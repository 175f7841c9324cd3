import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bkashSendMoneyText } from './compose-sms';
import { nextChain, type BalanceChain } from './balance-chain';
import {
  decideTrxId,
  inWindow,
  matchSms,
  type RequestFacts,
  type SmsFacts,
  type StoredSms,
} from './match-sms';
import { parseSms } from './parse-sms';

/**
 * A model of the shop: the receiving phones forward SMS (parsed, chained, stored), buyers send
 * TrxID requests (claimed as the shop claims them: refused once the TrxID was credited), and after
 * each arrival the TrxID is decided with decideTrxId, as the stream consumer does. The scenarios
 * mix genuine payments (in any order of SMS and request, many of the same amount) with attacks.
 */

const ACCOUNTS = ['01711000001', '01711000002'];
const BASE = Date.parse('2026-11-27T08:00:00.000Z');
const MIN = 60_000;

type Attack =
  | 'forged' // a text the attacker typed: a payment that never happened (its balance is a guess)
  | 'replayed' // a genuine SMS forwarded again under a new message id
  | 'wrong_sender' // a genuine-looking text from a number that is not bKash's sender
  | 'wrong_number' // real money sent to one number, the request says the buyer was shown another
  | 'wrong_amount' // the request asks for more than was sent
  | 'outside_window' // the request comes hours after the payment
  | 'reused_trx'; // another account names a genuine buyer's TrxID (a squatter)

interface Payment {
  buyer: string;
  amount: number;
  account: number;
  /** Minutes between the payment and the buyer's request. */
  delay: number;
  attack?: Attack;
}

interface Request extends RequestFacts {
  buyer: string;
  status: 'pending' | 'completed';
  reviewed: boolean;
}

class Shop {
  chains = new Map<string, BalanceChain>();
  sms: Array<StoredSms & { payer?: string }> = [];
  requests: Request[] = [];
  credited = new Map<string, string>(); // trx -> payment id
  credits: Array<{ paymentId: string; smsId: string }> = [];

  receiveSms(text: string, sender: string, account: string, payer: string | undefined) {
    const reading = parseSms({ sender, text });
    if (reading.kind !== 'parsed') return;
    const chainKey = `${reading.provider}#${account}`;
    const next = nextChain(this.chains.get(chainKey), reading, new Date(BASE).toISOString());
    this.chains.set(chainKey, next.chain);
    const sms = {
      id: `sms${this.sms.length}`,
      receivingNumber: account,
      provider: reading.provider,
      amount: reading.amountPoisha,
      trxId: reading.trxId,
      at: reading.at,
      chain: next.verdict,
      status: 'waiting' as const,
      payer,
    };
    this.sms.push(sms);
    this.decide(sms.trxId);
  }

  request(r: Omit<Request, 'status' | 'reviewed'>) {
    if (this.credited.has(r.transactionId)) return; // 409 trxid_used: never stored
    this.requests.push({ ...r, status: 'pending', reviewed: false });
    this.decide(r.transactionId);
  }

  private decide(trx: string) {
    const actions = decideTrxId({
      sms: this.sms.filter((s) => s.trxId === trx),
      requests: this.requests.filter((r) => r.transactionId === trx && r.status === 'pending' && !r.reviewed),
      ...(this.credited.has(trx) && { creditedPaymentId: this.credited.get(trx) }),
    });
    if (actions.credit) {
      const { smsId, paymentId } = actions.credit;
      expect(this.credited.has(trx)).toBe(false); // the claim's condition would refuse it
      this.credited.set(trx, paymentId);
      this.requests.find((r) => r.id === paymentId)!.status = 'completed';
      this.sms.find((s) => s.id === smsId)!.status = 'matched';
      this.credits.push({ paymentId, smsId });
    }
    for (const s of actions.reviewSms) this.sms.find((x) => x.id === s.smsId)!.status = 'review';
    for (const r of actions.reviewRequests) this.requests.find((x) => x.id === r.paymentId)!.reviewed = true;
  }
}

const trxOf = (i: number) => `TRX${String(i).padStart(7, '0')}`;

/** Plays the scenario: each payment's SMS and request, interleaved in the order given. */
function play(payments: Payment[], order: number[]) {
  const shop = new Shop();
  const balances = ACCOUNTS.map(() => 100_000);
  type Step = () => void;
  const smsSteps: Step[][] = ACCOUNTS.map(() => []); // a phone forwards in the order it receives
  const requestSteps: Step[] = [];
  // The phones received payments before: each account's chain starts at an SMS nobody asks about.
  ACCOUNTS.forEach((account, n) => {
    const text = bkashSendMoneyText({
      amount: 1_000,
      from: '01812345678',
      balance: balances[n]!,
      trxId: `BASE00000${n}`,
      at: new Date(BASE - MIN).toISOString(),
    });
    smsSteps[n]!.push(() => shop.receiveSms(text, 'bKash', account, undefined));
  });
  payments.forEach((p, i) => {
    const at = new Date(BASE + i * 2 * MIN).toISOString();
    const trx = trxOf(i);
    const account = ACCOUNTS[p.account]!;
    const genuine = p.attack !== 'forged';
    if (genuine) balances[p.account]! += p.amount;
    const text = bkashSendMoneyText({
      amount: p.amount,
      from: '01812345678',
      // A forger does not know the account's balance: a guess that misses by at least a poisha.
      balance: genuine ? balances[p.account]! : balances[p.account]! + p.amount + 1 + (i % 7),
      trxId: trx,
      at,
    });
    const sender = p.attack === 'wrong_sender' ? '01999999999' : 'bKash';
    smsSteps[p.account]!.push(() => shop.receiveSms(text, sender, account, p.buyer));
    if (p.attack === 'replayed')
      smsSteps[p.account]!.push(() => shop.receiveSms(text, 'bKash', account, p.buyer));
    const shown =
      p.attack === 'wrong_number' ? ACCOUNTS[(p.account + 1) % ACCOUNTS.length]! : ACCOUNTS[p.account]!;
    const delay = p.attack === 'outside_window' ? 180 + p.delay : p.delay;
    const request = (id: string, buyer: string, amount: number) =>
      shop.request({
        id,
        buyer,
        amount,
        paymentMethod: 'bkash',
        transactionId: trx,
        receivingNumber: shown,
        createdAt: new Date(Date.parse(at) + delay * MIN).toISOString(),
      });
    const amount = p.attack === 'wrong_amount' ? p.amount + 100 : p.amount;
    requestSteps.push(() => request(`pay${i}`, p.buyer, amount));
    if (p.attack === 'reused_trx') requestSteps.push(() => request(`squat${i}`, 'squatter', p.amount));
  });
  // Interleave: `order` picks, step by step, which queue moves next (the SMS of an account or a request).
  const queues = [...smsSteps, requestSteps];
  let pick = 0;
  while (queues.some((q) => q.length)) {
    const open = queues.filter((q) => q.length);
    open[(order[pick++ % Math.max(order.length, 1)] ?? 0) % open.length]!.shift()!();
  }
  return shop;
}

const amount = fc.constantFrom(50_000, 50_000, 100_000, 12_345);
const payment = (attack: fc.Arbitrary<Attack | undefined>) =>
  fc.record({
    buyer: fc.constantFrom('ana', 'bappi', 'chitra', 'dipu'),
    amount,
    account: fc.integer({ min: 0, max: ACCOUNTS.length - 1 }),
    delay: fc.integer({ min: 0, max: 90 }),
    attack,
  });
const order = fc.array(fc.nat(), { maxLength: 40 });

describe('the matcher over random SMS and requests (model)', () => {
  it('credits every genuine pair exactly once, to its own buyer, in any order; same amounts never swapped', () => {
    fc.assert(
      fc.property(
        fc.array(payment(fc.constant(undefined)), { minLength: 1, maxLength: 8 }),
        order,
        (ps, o) => {
          const shop = play(ps, o);
          expect(shop.credits).toHaveLength(ps.length);
          for (const { paymentId, smsId } of shop.credits) {
            const r = shop.requests.find((x) => x.id === paymentId)!;
            const s = shop.sms.find((x) => x.id === smsId)!;
            expect(s.trxId).toBe(r.transactionId);
            expect(s.payer).toBe(r.buyer);
            expect(s.amount).toBe(r.amount);
          }
          expect(new Set(shop.credits.map((c) => c.paymentId)).size).toBe(ps.length);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never credits a forged, replayed, wrong-sender, wrong-number, wrong-amount, late or squatted payment', () => {
    const attack = fc.option(
      fc.constantFrom<Attack>(
        'forged',
        'replayed',
        'wrong_sender',
        'wrong_number',
        'wrong_amount',
        'outside_window',
        'reused_trx',
      ),
      { nil: undefined, freq: 2 },
    );
    fc.assert(
      fc.property(fc.array(payment(attack), { minLength: 1, maxLength: 8 }), order, (ps, o) => {
        const shop = play(ps, o);
        const creditedIds = shop.credits.map((c) => c.paymentId);
        expect(new Set(creditedIds).size).toBe(creditedIds.length);
        for (const id of creditedIds) {
          const i = Number(id.replace(/\D/g, ''));
          expect(id.startsWith('pay')).toBe(true); // never the squatter
          // A replay or a squatter's late claim does not stop the real payer's own credit (once).
          expect([undefined, 'replayed', 'reused_trx']).toContain(ps[i]!.attack);
          // An honest payment after a chain break on its account waits for the admin: it may be uncredited,
          // but what is credited is always the buyer's own payment.
          const s = shop.sms.find((x) => x.id === shop.credits.find((c) => c.paymentId === id)!.smsId)!;
          expect(s.payer).toBe(ps[i]!.buyer);
        }
        // An honest payment on an account no attack touched is credited.
        const touched = new Set(ps.filter((p) => p.attack).map((p) => p.account));
        ps.forEach((p, i) => {
          if (!p.attack && !touched.has(p.account)) expect(creditedIds).toContain(`pay${i}`);
        });
      }),
      { numRuns: 250 },
    );
  });
});

describe('matchSms controls', () => {
  const sms: SmsFacts = {
    id: 's1',
    receivingNumber: '01711000001',
    provider: 'bkash',
    amount: 50_000,
    trxId: 'ABC123',
    at: '2026-11-27T08:00:00.000Z',
    chain: 'ok',
  };
  const req: RequestFacts = {
    id: 'p1',
    amount: 50_000,
    paymentMethod: 'bkash',
    transactionId: ' abc123 ',
    receivingNumber: '01711000001',
    createdAt: '2026-11-27T08:03:00.000Z',
  };
  it.each([
    ['all pass (TrxID compared normalised)', sms, req, {}, { kind: 'credit', paymentId: 'p1' }],
    ['amount', sms, { ...req, amount: 50_100 }, {}, 'amount'],
    ['receiving number', sms, { ...req, receivingNumber: '01711000002' }, {}, 'receiving_number'],
    ['no receiving number recorded', sms, { ...req, receivingNumber: undefined }, {}, 'receiving_number'],
    ['provider', sms, { ...req, paymentMethod: 'nagad' }, {}, 'provider'],
    ['time window', sms, { ...req, createdAt: '2026-11-27T12:00:00.000Z' }, {}, 'time_window'],
    ['TrxID used', sms, req, { creditedPaymentId: 'p0' }, 'trxid_used'],
    ['balance chain', { ...sms, chain: 'broken' as const }, req, {}, 'balance_chain'],
    ["the account's first SMS", { ...sms, chain: 'start' as const }, req, {}, 'balance_chain'],
    ['another SMS names the TrxID', sms, req, { otherSms: 1 }, 'duplicate_sms'],
  ])('%s', (_name, s, r, trx, expected) => {
    const decision = matchSms(s, [r], { otherSms: 0, ...trx });
    expect(decision).toEqual(
      typeof expected === 'string' ? { kind: 'review', control: expected, paymentIds: ['p1'] } : expected,
    );
  });
  it('two requests naming one TrxID both go to review, even when one passes every control', () => {
    const decision = matchSms(sms, [req, { ...req, id: 'p2', amount: 1 }], { otherSms: 0 });
    expect(decision).toEqual({ kind: 'review', control: 'claimed_twice', paymentIds: ['p1', 'p2'] });
  });
  it('waits when no request names the TrxID, whatever the amounts', () => {
    expect(matchSms(sms, [{ ...req, transactionId: 'OTHER1' }], { otherSms: 0 })).toEqual({ kind: 'wait' });
  });
  it('the window: two hours before the request to five minutes after', () => {
    expect(inWindow('2026-11-27T06:00:00.000Z', '2026-11-27T08:00:00.000Z')).toBe(true);
    expect(inWindow('2026-11-27T05:59:00.000Z', '2026-11-27T08:00:00.000Z')).toBe(false);
    expect(inWindow('2026-11-27T08:05:00.000Z', '2026-11-27T08:00:00.000Z')).toBe(true);
    expect(inWindow('2026-11-27T08:06:00.000Z', '2026-11-27T08:00:00.000Z')).toBe(false);
  });
});
