/**
 * Account migration (POST /v2/migration/migrate): 202 while the move runs, 200 once done, each
 * older balance one ledger transfer, never twice; a failed attempt is retried by the customer; an
 * older account past its deadline blocks money; the account upgrade that follows (POST
 * /v2/customer/upgrade).
 */
import { randomUUID } from 'node:crypto';
import {
  capabilitySegments,
  customers,
  eq,
  insertLegacyAccount,
  ledgerTransfers,
  legacyAccounts,
  legacyTickets,
  type NewLegacyAccount,
  openDraws,
  outboxEvents,
  tickets,
} from '@drawhouse/db';
import { describe, expect, it } from 'vitest';
import { migrationSubscriber } from '../src/modules/accounts/index.ts';
import { enterMovedTickets } from '../src/modules/checkout/index.ts';
import { checkLedger } from '../src/modules/ledger/index.ts';
import { call, newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { aud, balancesOf, checkoutCalls, fundWallet } from './checkout-helpers.ts';
import { drainOutbox, getTestApp } from './helpers.ts';
import { deliverAgain } from './outbox-helpers.ts';

const app = await getTestApp();
const { db } = app.deps;

const migrate = (customer: TestCustomer, body: unknown = {}) =>
  call(app, '/v2/migration/migrate', { token: customer.access_token, body });
const overview = async (customer: TestCustomer) =>
  (await call(app, '/v2/customer', { token: customer.access_token })).json().result;

async function withLegacy(account: Omit<Partial<NewLegacyAccount>, 'customerId' | 'legacyRef'> = {}) {
  const customer = await newCustomer(app);
  const legacyRef = `LC-${randomUUID()}`;
  await insertLegacyAccount(db, {
    customerId: customer.id,
    legacyRef,
    cashCents: 4250,
    promoCents: 500,
    ...account,
  });
  return { customer, legacyRef };
}

/** Delivers the customer's `customer.migration_requested` event once more (a redelivery). */
async function deliverMigrationAgain(customer: TestCustomer) {
  const requested = (
    await db.select().from(outboxEvents).where(eq(outboxEvents.aggregateId, customer.id))
  ).find((e) => e.type === 'customer.migration_requested');
  if (!requested) throw new Error('no customer.migration_requested event');
  await deliverAgain(
    db,
    migrationSubscriber(() => new Date(), enterMovedTickets),
    requested.id,
  );
}

const transfersOf = (legacyRef: string) =>
  db.select().from(ledgerTransfers).where(eq(ledgerTransfers.reference, legacyRef));

describe('POST /v2/migration/migrate', () => {
  it('tells a customer without an older account they are ineligible, and moves nothing', async () => {
    const customer = await newCustomer(app);
    expect(await overview(customer)).toMatchObject({
      migration_status: 'ineligible',
      account_upgrade: false,
    });
    const res = await migrate(customer);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('migration_not_eligible');
    expect((await call(app, '/v2/migration/migrate', { body: {} })).statusCode).toBe(401);
  });

  it('answers 202 while the move runs and 200 once done, each balance one transfer, once', async () => {
    const { customer, legacyRef } = await withLegacy();
    expect(await overview(customer)).toMatchObject({
      migration_status: 'eligible_soft',
      account_upgrade: false,
    });

    const started = await migrate(customer);
    expect(started.statusCode).toBe(202);
    expect(started.json().result).toEqual({
      status: 'in_progress',
      balances: [
        { kind: 'cash', amount: aud(4250) },
        { kind: 'promo', amount: aud(500) },
      ],
      tickets: [],
    });
    await drainOutbox(app);

    const done = await migrate(customer);
    expect(done.statusCode).toBe(200);
    expect(done.json().result.status).toBe('migrated');
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 4250, promo: 500 });
    expect(await overview(customer)).toMatchObject({ migration_status: 'migrated', account_upgrade: true });

    // Called again, and its event delivered again: no second transfer.
    expect((await migrate(customer, { retry: true })).statusCode).toBe(200);
    await deliverMigrationAgain(customer);
    const transfers = await transfersOf(legacyRef);
    expect(transfers.map((t) => t.amountCents).sort((a, b) => a - b)).toEqual([500, 4250]);
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 4250, promo: 500 });
    expect((await checkLedger(db)).passed).toBe(true);
  });

  it('enters each older ticket in its draw at the price paid, and refunds one whose draw has closed', async () => {
    const [next] = await openDraws(db, ['powerball'], new Date());
    if (!next) throw new Error('no open Powerball draw');
    const ref = () => `LT-${randomUUID()}`;
    const entry = (legacyRef: string, drawNo: number, priceCents: number) => ({
      legacyRef,
      productOfferKey: 'powerball',
      gameType: 'standard',
      gameOffer: 'powerball-standard',
      games: [{ numbers: [4, 9, 13, 21, 26, 30, 34], powerball: [11] }],
      drawNo,
      priceCents,
    });
    const open = entry(ref(), next.drawNo, 140);
    // Draw number 1 of Powerball is long past (or was never held): its entry can no longer be made.
    const closed = entry(ref(), 1, 155);
    const { customer, legacyRef } = await withLegacy({
      cashCents: 1000,
      promoCents: 0,
      tickets: [open, closed],
    });

    const started = await migrate(customer);
    expect(started.json().result.tickets).toEqual(
      [
        {
          reference: open.legacyRef,
          lottery: 'powerball',
          draw_no: next.drawNo,
          price: aud(140),
          status: 'waiting',
        },
        { reference: closed.legacyRef, lottery: 'powerball', draw_no: 1, price: aud(155), status: 'waiting' },
      ].sort((a, b) => a.reference.localeCompare(b.reference)),
    );
    await drainOutbox(app);

    const done = await migrate(customer);
    expect(done.statusCode).toBe(200);
    const statuses = Object.fromEntries(
      done.json().result.tickets.map((t: { reference: string; status: string }) => [t.reference, t.status]),
    );
    expect(statuses).toEqual({ [open.legacyRef]: 'entered', [closed.legacyRef]: 'refunded' });
    // The cash, and the closed draw's price; the entered ticket's credit paid for it.
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 1155, promo: 0 });
    const entered = await db.select().from(tickets).where(eq(tickets.customerId, customer.id));
    expect(entered).toHaveLength(1);
    expect(entered[0]).toMatchObject({ drawId: next.id, productOfferKey: 'powerball', games: open.games });

    // Delivered again: no second credit, no second ticket.
    await deliverMigrationAgain(customer);
    expect(await db.select().from(tickets).where(eq(tickets.customerId, customer.id))).toHaveLength(1);
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 1155, promo: 0 });
    expect(await transfersOf(legacyRef)).toHaveLength(3);
    const moved = await db.select().from(legacyTickets).where(eq(legacyTickets.legacyRef, open.legacyRef));
    expect(moved[0]?.orderId).toBe(entered[0]?.orderId);
    expect((await checkLedger(db)).passed).toBe(true);
  });

  it('answers 202 to a second call while the move runs, starting nothing more', async () => {
    const { customer } = await withLegacy();
    await db
      .update(legacyAccounts)
      .set({ migrationState: 'in_progress', migrationAttempts: 1 })
      .where(eq(legacyAccounts.customerId, customer.id));
    expect(await overview(customer)).toMatchObject({ migration_status: 'in_progress' });
    const again = await migrate(customer);
    expect(again.statusCode).toBe(202);
    expect(again.json().result.status).toBe('in_progress');
    const [row] = await db.select().from(legacyAccounts).where(eq(legacyAccounts.customerId, customer.id));
    expect(row?.migrationAttempts).toBe(1);
  });

  it('fails while the older shop holds the account, then moves it on retry', async () => {
    const { customer, legacyRef } = await withLegacy({ heldReason: 'a payout is pending' });
    expect((await migrate(customer)).statusCode).toBe(202);
    await drainOutbox(app);

    const failed = await migrate(customer);
    expect(failed.statusCode).toBe(409);
    expect(failed.json().error.code).toBe('migration_failed');
    expect(failed.json().error.message).toContain('a payout is pending');
    expect(await overview(customer)).toMatchObject({ migration_status: 'eligible_soft' });
    expect(await transfersOf(legacyRef)).toEqual([]);

    await db
      .update(legacyAccounts)
      .set({ heldReason: null })
      .where(eq(legacyAccounts.customerId, customer.id));
    expect((await migrate(customer, { retry: true })).statusCode).toBe(202);
    await drainOutbox(app);
    expect((await migrate(customer)).statusCode).toBe(200);
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 4250, promo: 500 });
    expect((await checkLedger(db)).passed).toBe(true);
  });

  it('moves only the caller’s own older account', async () => {
    const { customer: owner, legacyRef } = await withLegacy();
    const other = await newCustomer(app);
    expect((await migrate(other)).statusCode).toBe(409);
    await drainOutbox(app);
    expect(await transfersOf(legacyRef)).toEqual([]);
    expect(await overview(owner)).toMatchObject({ migration_status: 'eligible_soft' });
  });

  it('is not offered where the segment lacks customer_migration, and blocks nothing there', async () => {
    const segment = `no-migration-${randomUUID().slice(0, 8)}`;
    await db.insert(capabilitySegments).values({ segmentName: segment, capabilities: ['wallet_manage'] });
    const { customer } = await withLegacy({ mustMigrateBy: new Date('2026-01-01T00:00:00Z') });
    await db.update(customers).set({ segmentName: segment }).where(eq(customers.id, customer.id));
    const res = await migrate(customer);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('customer_migration_unavailable');
    const purchase = await checkoutCalls(app).purchase(customer.access_token, {
      use_wallet: true,
      expected_total: aud(0),
    });
    expect(purchase.json().error?.code).not.toBe('migration_required');
  });
});

describe('an older account past its deadline', () => {
  it('blocks purchases until it is moved in', async () => {
    const { customer } = await withLegacy({ mustMigrateBy: new Date('2026-01-01T00:00:00Z') });
    await fundWallet(db, customer.id, 2000);
    expect(await overview(customer)).toMatchObject({ migration_status: 'eligible_hard' });
    const purchase = () =>
      checkoutCalls(app).purchase(customer.access_token, { use_wallet: true, expected_total: aud(0) });
    const refused = await purchase();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: { status: 409, code: 'migration_required' },
      messages: [{ code: 'migration_required' }],
    });

    expect((await migrate(customer)).statusCode).toBe(202);
    await drainOutbox(app);
    expect((await migrate(customer)).statusCode).toBe(200);
    expect((await purchase()).json().error?.code).not.toBe('migration_required');
  });
});

describe('POST /v2/customer/upgrade', () => {
  const details = {
    date_of_birth: '1985-02-03',
    phone: '0498 765 432',
    address: { address: '9 Pitt St', suburb: 'Sydney', state: 'NSW', postcode: '2000', country: 'AU' },
    accept_terms: true,
  };
  const upgrade = (customer: TestCustomer, body: unknown) =>
    call(app, '/v2/customer/upgrade', { token: customer.access_token, body });

  async function migrated() {
    const { customer } = await withLegacy();
    await migrate(customer);
    await drainOutbox(app);
    expect((await migrate(customer)).statusCode).toBe(200);
    return customer;
  }

  it('refuses bad details field by field and changes nothing', async () => {
    const customer = await migrated();
    const [before] = await db.select().from(customers).where(eq(customers.id, customer.id));
    const res = await upgrade(customer, {
      date_of_birth: '2015-01-01',
      phone: 'abc',
      address: { address: '', suburb: '', state: 'NSW', postcode: '20', country: 'AU' },
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors;
    for (const field of [
      'date_of_birth',
      'phone',
      'address.address',
      'address.suburb',
      'address.postcode',
      'accept_terms',
    ]) {
      expect(errors[field], field).toHaveLength(1);
    }
    const [after] = await db.select().from(customers).where(eq(customers.id, customer.id));
    expect(after).toEqual(before);
    expect(await overview(customer)).toMatchObject({ account_upgrade: true });
  });

  it('saves the details and clears accountUpgrade', async () => {
    const customer = await migrated();
    const res = await upgrade(customer, details);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ date_of_birth: '1985-02-03', phone: '0498 765 432' });
    expect(await overview(customer)).toMatchObject({ account_upgrade: false, migration_status: 'migrated' });
    expect((await upgrade(customer, details)).statusCode).toBe(409);
  });

  it('is refused to a customer with nothing to upgrade', async () => {
    const customer = await newCustomer(app);
    const res = await upgrade(customer, details);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('account_upgrade_not_required');
  });
});
