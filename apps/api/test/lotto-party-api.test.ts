/**
 * The lotto party calls under /social/v3 against the real database: a group created, an invite link
 * made (only its hash kept, the earlier one revoked), a second customer joining by the token, a
 * session opened and read by both, autosession moves by the table, discovery of promoted and public
 * groups only, the configuration; a non-member answered 404 everywhere; every bad input refused with
 * its status and nothing written.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  and,
  checkouts,
  count,
  type DrawRow,
  eq,
  isNull,
  lottoPartyGroups,
  lottoPartyInvites,
  lottoPartyMembers,
  lottoPartySessions,
  lottoPartyShares,
  orders,
  sql,
} from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { ownDraw, ownDrawPairs } from './draws-helpers.ts';
import { getTestApp, getTestDb, uniqueGroupName } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const pairs = ownDrawPairs(db);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (customer: TestCustomer | undefined, method: Method, url: string, body?: unknown) =>
  call(app, `/social/v3${url}`, {
    method,
    ...(customer ? { token: customer.access_token } : {}),
    ...(body !== undefined ? { body } : {}),
  });

const uniqueName = (prefix = 'Party') => uniqueGroupName(prefix);

async function createGroup(owner: TestCustomer, name = uniqueName()) {
  const res = await as(owner, 'POST', '/group', { group_name: name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().result as { group_id: string; group_name: string };
}

function sessionBody(groupId: string, drawId: string, overrides: Record<string, unknown> = {}) {
  return {
    group_id: groupId,
    draw_id: drawId,
    share_price: { amount: 5, currency: 'AUD' },
    total_shares: 20,
    autosession_status: 'off',
    ...overrides,
  };
}

async function createSession(owner: TestCustomer, groupId: string, drawId: string) {
  const res = await as(owner, 'POST', '/session', sessionBody(groupId, drawId));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().result as { session_id: string };
}

const groupCount = async (ownerId: string) =>
  (await db.select({ n: count() }).from(lottoPartyGroups).where(eq(lottoPartyGroups.ownerId, ownerId)))[0]
    ?.n ?? 0;
const sessionCount = async (groupId: string) =>
  (await db.select({ n: count() }).from(lottoPartySessions).where(eq(lottoPartySessions.groupId, groupId)))[0]
    ?.n;
const memberCount = async (groupId: string) =>
  (await db.select({ n: count() }).from(lottoPartyMembers).where(eq(lottoPartyMembers.groupId, groupId)))[0]
    ?.n;

/**
 * Shares held as checkout leaves them (a checkout, its order naming the session, the shares row and
 * the session's count): the buying side's rows, written here so the reads can be checked alone.
 */
async function holdShares(sessionId: string, customerId: string, shares: number, priceCents: number) {
  const checkoutId = randomUUID();
  const cents = shares * priceCents;
  await db
    .insert(checkouts)
    .values({ id: checkoutId, customerId, cartId: randomUUID(), cartTotalCents: cents, paidCents: cents });
  const [order] = await db
    .insert(orders)
    .values({
      checkoutId,
      customerId,
      productType: 'syndicate_share',
      productOfferKey: 'powerball',
      description: 'Lotto Party shares',
      unitPriceCents: priceCents,
      totalCents: cents,
      socialSyndicateId: sessionId,
      payload: {
        description: 'Lotto Party shares',
        purchaseStatus: 'open',
        drawDate: new Date().toISOString(),
        gameType: 'lotto_party',
        gameOffer: 'powerball-standard',
        games: [],
        quickpick: true,
        numGames: 0,
        day: null,
        causeKey: null,
      },
    })
    .returning({ id: orders.id });
  const [row] = await db
    .insert(lottoPartyShares)
    .values({ sessionId, customerId, orderId: order?.id as string, shares, paidCents: cents })
    .returning();
  await db
    .update(lottoPartySessions)
    .set({ sharesSold: sql`${lottoPartySessions.sharesSold} + ${shares}` })
    .where(eq(lottoPartySessions.id, sessionId));
  return row?.id as string;
}

let sam: TestCustomer;
let alex: TestCustomer;
let outsider: TestCustomer;
let current: DrawRow;

beforeAll(async () => {
  [sam, alex, outsider] = await Promise.all([
    newCustomer(app, { firstname: 'Sam', lastname: 'kelly' }),
    newCustomer(app, { firstname: 'Alex', lastname: 'Nguyen' }),
    newCustomer(app, { firstname: 'Olive', lastname: 'Outsider' }),
  ]);
  ({ current } = await pairs.twoDraws());
});

afterAll(() => pairs.takeOffSale());

describe('groups', () => {
  it('keeps a name without markup, control or right-to-left override characters', async () => {
    const name = uniqueName('Crew');
    const group = await createGroup(sam, `<b>${name}</b>\u202Egnp.exe\u0007`);
    expect(group.group_name).toBe(`${name} gnp.exe`);
    const [row] = await db.select().from(lottoPartyGroups).where(eq(lottoPartyGroups.id, group.group_id));
    expect(row?.name).toBe(`${name} gnp.exe`);
  });

  it('creates a private group whose creator is the owner, shown by first name and initial', async () => {
    const name = uniqueName('  Friday   Crew');
    const group = await createGroup(sam, name);
    expect(group.group_name).toBe(name.trim().replace(/\s+/g, ' '));

    const read = await as(sam, 'GET', `/group/${group.group_id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().result).toMatchObject({
      publicity_status: 'private',
      is_owner: true,
      members: [{ display_name: 'Sam K.', is_owner: true, is_me: true }],
      open_session: null,
    });
  });

  it("lists the customer's groups newest first, six a page by default", async () => {
    const owner = await newCustomer(app);
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await createGroup(owner));
    const first = await as(owner, 'GET', '/group');
    expect(first.statusCode).toBe(200);
    expect(first.json().page_info).toEqual({ offset: 0, limit: 6, total: 7 });
    expect(first.json().result.map((g: { group_id: string }) => g.group_id)).toEqual(
      made
        .slice(1)
        .reverse()
        .map((g) => g.group_id),
    );
    const second = await as(owner, 'GET', '/group?limit=6&offset=6');
    expect(second.json().result.map((g: { group_id: string }) => g.group_id)).toEqual([made[0]?.group_id]);
    expect((await as(owner, 'GET', '/group?limit=0')).statusCode).toBe(400);
  });

  it('refuses bad names with their status and writes nothing', async () => {
    const owner = await newCustomer(app);
    const taken = await createGroup(owner);
    const before = await groupCount(owner.id);
    const cases: [unknown, number, string, string][] = [
      ['     ', 400, 'validation_error', 'required'],
      ['ab', 400, 'validation_error', 'too_short'],
      ['x'.repeat(41), 400, 'validation_error', 'too_long'],
      ['x'.repeat(10_000), 400, 'validation_error', 'too_long'],
      ['x'.repeat(10_001), 400, 'validation_error', 'invalid'],
      [`Fuck ${randomUUID().slice(0, 6)}`, 422, 'contains_profanity', 'contains_profanity'],
      [`  ${taken.group_name.toUpperCase()}  `, 409, 'duplicate_group_name', 'duplicate_group_name'],
      [taken.group_name.replace(' ', '    '), 409, 'duplicate_group_name', 'duplicate_group_name'],
      [42, 400, 'validation_error', 'invalid'],
    ];
    for (const [groupName, status, code, fieldCode] of cases) {
      const res = await as(owner, 'POST', '/group', { group_name: groupName });
      expect(res.statusCode, `${String(groupName).slice(0, 20)}: ${res.body}`).toBe(status);
      expect(res.json().error.code).toBe(code);
      expect(res.json().errors.group_name[0].code).toBe(fieldCode);
    }
    expect(await groupCount(owner.id)).toBe(before);
  });

  it('gives a name to one of two customers asking at once', async () => {
    const [one, two] = await Promise.all([newCustomer(app), newCustomer(app)]);
    const name = uniqueName('Race');
    const answers = await Promise.all([
      as(one, 'POST', '/group', { group_name: name }),
      as(two, 'POST', '/group', { group_name: name.toLowerCase() }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const owned = (await groupCount(one.id)) + (await groupCount(two.id));
    expect(owned).toBe(1);
  });

  it('answers 401 without a customer token', async () => {
    expect((await as(undefined, 'GET', '/group')).statusCode).toBe(401);
    expect((await as(undefined, 'POST', '/group', { group_name: uniqueName() })).statusCode).toBe(401);
    expect((await as(undefined, 'GET', '/config')).statusCode).toBe(401);
  });

  it('speaks version 3.0 only', async () => {
    const ok = await call(app, '/social/v3/group', {
      token: sam.access_token,
      headers: { 'x-api-version': '3.0' },
    });
    expect(ok.statusCode).toBe(200);
    const old = await call(app, '/social/v3/group', {
      token: sam.access_token,
      headers: { 'x-api-version': '1.0' },
    });
    expect(old.statusCode).toBe(400);
    expect(old.json().error.code).toBe('unsupported_version');
  });
});

describe('invite links', () => {
  it('keeps only the hash, revokes the earlier link, and lets a second customer join once', async () => {
    const group = await createGroup(sam);
    const first = await as(sam, 'POST', `/group/${group.group_id}/invite`);
    expect(first.statusCode).toBe(201);
    const link = first.json().result as { token: string; url: string; expires_at: string };
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url.endsWith(`/lotto-party/invite/${link.token}`)).toBe(true);
    const days = (Date.parse(link.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThanOrEqual(14);

    const stored = await db
      .select()
      .from(lottoPartyInvites)
      .where(eq(lottoPartyInvites.groupId, group.group_id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toBe(createHash('sha256').update(link.token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(link.token);

    const second = (await as(sam, 'POST', `/group/${group.group_id}/invite`)).json().result as {
      token: string;
    };
    const spent = await as(alex, 'GET', `/group/token/${link.token}`);
    expect(spent.statusCode).toBe(410);
    expect(spent.json().error.code).toBe('invite_spent');
    expect((await as(alex, 'POST', `/group/token/${link.token}/join`)).statusCode).toBe(410);
    const live = await db
      .select({ n: count() })
      .from(lottoPartyInvites)
      .where(and(eq(lottoPartyInvites.groupId, group.group_id), isNull(lottoPartyInvites.revokedAt)));
    expect(live[0]?.n).toBe(1);
    expect(await memberCount(group.group_id)).toBe(1);

    const shown = await as(alex, 'GET', `/group/token/${second.token}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().result).toMatchObject({
      group_id: group.group_id,
      group_name: group.group_name,
      owner_name: 'Sam K.',
      member_count: 1,
      is_member: false,
      open_session: null,
    });

    const joined = await as(alex, 'POST', `/group/token/${second.token}/join`);
    expect(joined.statusCode).toBe(200);
    expect(joined.json().result.members).toEqual([
      { display_name: 'Sam K.', is_owner: true, is_me: false },
      { display_name: 'Alex N.', is_owner: false, is_me: true },
    ]);
    const again = await as(alex, 'POST', `/group/token/${second.token}/join`);
    expect(again.statusCode).toBe(200);
    expect(await memberCount(group.group_id)).toBe(2);
    expect((await as(alex, 'GET', `/group/${group.group_id}`)).json().result.is_owner).toBe(false);
    expect((await as(alex, 'GET', `/group/token/${second.token}`)).json().result.is_member).toBe(true);
  });

  it('answers 404 for an unknown or forged token and 410 for an expired one', async () => {
    const group = await createGroup(sam);
    const { token } = (await as(sam, 'POST', `/group/${group.group_id}/invite`)).json().result as {
      token: string;
    };
    for (const forged of [
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      'nope',
      'x'.repeat(200),
    ]) {
      const res = await as(alex, 'GET', `/group/token/${forged}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('invite_not_found');
      expect((await as(alex, 'POST', `/group/token/${forged}/join`)).statusCode).toBe(404);
    }
    await db
      .update(lottoPartyInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(lottoPartyInvites.groupId, group.group_id));
    const expired = await as(alex, 'POST', `/group/token/${token}/join`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe('invite_spent');
    expect(await memberCount(group.group_id)).toBe(1);
  });

  it('leaves exactly one live link when several are made at once', async () => {
    const group = await groupOfTwo();
    const made = await Promise.all(
      [sam, sam, sam, sam, sam].map((owner) => as(owner, 'POST', `/group/${group.group_id}/invite`)),
    );
    expect(made.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const live = await db
      .select()
      .from(lottoPartyInvites)
      .where(and(eq(lottoPartyInvites.groupId, group.group_id), isNull(lottoPartyInvites.revokedAt)));
    expect(live).toHaveLength(1);
    const answers = await Promise.all(
      made.map((r) => as(outsider, 'GET', `/group/token/${r.json().result.token}`)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 410, 410, 410, 410]);
  });

  it("lets only the owner make a link: a member's try is 403 and leaves the owner's link live", async () => {
    const group = await groupOfTwo();
    const owners = (await as(sam, 'POST', `/group/${group.group_id}/invite`)).json().result;
    const member = await as(alex, 'POST', `/group/${group.group_id}/invite`);
    expect(member.statusCode).toBe(403);
    expect(member.json().error).toMatchObject({
      code: 'not_group_owner',
      message: "Only the group's owner can make a new invite link.",
    });
    expect((await as(outsider, 'GET', `/group/token/${owners.token}`)).statusCode).toBe(200);
    const live = await db
      .select()
      .from(lottoPartyInvites)
      .where(and(eq(lottoPartyInvites.groupId, group.group_id), isNull(lottoPartyInvites.revokedAt)));
    expect(live).toHaveLength(1);
  });

  it('lets no outsider make a link', async () => {
    const group = await createGroup(sam);
    const res = await as(outsider, 'POST', `/group/${group.group_id}/invite`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('group_not_found');
    expect(
      (await db.select().from(lottoPartyInvites).where(eq(lottoPartyInvites.groupId, group.group_id))).length,
    ).toBe(0);
  });
});

/** A group of Sam's that Alex joined by a link. */
async function groupOfTwo() {
  const group = await createGroup(sam);
  const { token } = (await as(sam, 'POST', `/group/${group.group_id}/invite`)).json().result as {
    token: string;
  };
  expect((await as(alex, 'POST', `/group/token/${token}/join`)).statusCode).toBe(200);
  return group;
}

describe('sessions', () => {
  it('opens a session on a draw on sale that every member reads the same way', async () => {
    const group = await groupOfTwo();
    const res = await as(
      sam,
      'POST',
      '/session',
      sessionBody(group.group_id, current.id, { autosession_status: 'on' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const session = res.json().result;
    expect(session).toMatchObject({
      group_id: group.group_id,
      group_name: group.group_name,
      draw: {
        draw_id: current.id,
        draw_no: current.drawNo,
        product_offer_key: 'powerball',
        offer_name: 'Powerball',
      },
      status: 'open',
      autosession_status: 'on',
      share_price: { amount: 5, currency: 'AUD' },
      total_shares: 20,
      shares_sold: 0,
      shares_left: 20,
      pot: { amount: 0, currency: 'AUD' },
      my_shares: 0,
      holdings: [],
      games: null,
      prize: null,
    });
    const [row] = await db
      .select()
      .from(lottoPartySessions)
      .where(eq(lottoPartySessions.id, session.session_id));
    expect(row?.gameOffer).toBe('powerball-standard');
    expect(row?.createdBy).toBe(sam.id);

    const byAlex = await as(alex, 'GET', `/session/${session.session_id}`);
    expect(byAlex.statusCode).toBe(200);
    // The same session; only whose group it is differs.
    expect(byAlex.json().result).toEqual({ ...session, is_owner: false });
    expect(session.is_owner).toBe(true);
    const open = await as(alex, 'GET', `/group/${group.group_id}/session/open`);
    expect(open.json().result.session_id).toBe(session.session_id);
    const list = await as(alex, 'GET', `/group/${group.group_id}/session`);
    expect(list.json().page_info).toEqual({ offset: 0, limit: 10, total: 1 });
    expect(list.json().result[0].session_id).toBe(session.session_id);
    expect((await as(alex, 'GET', `/group/${group.group_id}`)).json().result.open_session.session_id).toBe(
      session.session_id,
    );
  });

  it("shows every member's holding by display name, and the caller's own shares, refund and prize", async () => {
    const group = await groupOfTwo();
    const { session_id: id } = await createSession(sam, group.group_id, current.id);
    const samFirst = await holdShares(id, sam.id, 4, 500);
    await holdShares(id, alex.id, 2, 500);
    await holdShares(id, alex.id, 1, 500);

    const byAlex = (await as(alex, 'GET', `/session/${id}`)).json().result;
    expect(byAlex).toMatchObject({
      shares_sold: 7,
      shares_left: 13,
      pot: { amount: 35, currency: 'AUD' },
      my_shares: 3,
      holdings: [
        { display_name: 'Sam K.', shares: 4, is_me: false },
        { display_name: 'Alex N.', shares: 3, is_me: true },
      ],
      my_refund: null,
      my_prize: null,
    });
    expect(JSON.stringify(byAlex)).not.toContain('kelly');
    expect((await as(sam, 'GET', `/session/${id}`)).json().result.my_shares).toBe(4);

    await db
      .update(lottoPartySessions)
      .set({
        status: 'paid',
        prizeCents: 10_000,
        games: [{ Numbers: [1, 2, 3, 4, 5, 6, 7], Powerball: [8] }],
      })
      .where(eq(lottoPartySessions.id, id));
    await db
      .update(lottoPartyShares)
      .set({ refundCents: 15, prizeCents: 5_714 })
      .where(eq(lottoPartyShares.id, samFirst));
    const paid = (await as(sam, 'GET', `/session/${id}`)).json().result;
    expect(paid).toMatchObject({
      status: 'paid',
      prize: { amount: 100, currency: 'AUD' },
      my_prize: { amount: 57.14, currency: 'AUD' },
      my_refund: { amount: 0.15, currency: 'AUD' },
      games: [{ Numbers: [1, 2, 3, 4, 5, 6, 7], Powerball: [8] }],
    });
    expect((await as(alex, 'GET', `/session/${id}`)).json().result.my_prize).toBeNull();
    expect((await as(alex, 'GET', `/group/${group.group_id}/session/open`)).statusCode).toBe(404);
  });

  it('tells the other members in their feed when asked to invite them all', async () => {
    const group = await groupOfTwo();
    const res = await as(
      sam,
      'POST',
      '/session',
      sessionBody(group.group_id, current.id, { invite_all_existing_members: true }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().result.session_id as string;
    type Notice = { title: string; message: string; actions: { link: string }[] };
    const about = async (customer: TestCustomer) =>
      (
        (await call(app, '/v2/notifications?limit=50', { token: customer.access_token })).json().result
          .notifications as Notice[]
      ).filter((n) => n.actions.some((a) => a.link.endsWith(id)));
    const told = await about(alex);
    expect(told).toHaveLength(1);
    expect(told[0]?.title).toBe(`${group.group_name}: a new session`);
    expect(told[0]?.message).toContain(`Sam K. opened a session on Powerball draw ${current.drawNo}`);
    expect(await about(sam)).toEqual([]);

    const quiet = await groupOfTwo();
    const { session_id: quietId } = await createSession(sam, quiet.group_id, current.id);
    expect(
      (
        (await call(app, '/v2/notifications?limit=50', { token: alex.access_token })).json().result
          .notifications as Notice[]
      ).some((n) => n.actions.some((a) => a.link.endsWith(quietId))),
    ).toBe(false);
  });

  it('answers 404 when the group has no open session', async () => {
    const group = await createGroup(sam);
    const res = await as(sam, 'GET', `/group/${group.group_id}/session/open`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('session_not_found');
  });

  it('refuses every bad session with its status and writes nothing', async () => {
    const group = await groupOfTwo();
    const closedByStatus = pairs.keep(await ownDraw(db, 'powerball', { status: 'DRAW_CLOSED' }));
    const pastStop = pairs.keep(
      await ownDraw(db, 'powerball', {
        stopAt: new Date(Date.now() - 60_000),
        drawAt: new Date(Date.now() + 60_000),
      }),
    );
    const syndicateDraw = pairs.keep(
      await ownDraw(db, 'powerball-syndicate', { type: 'syndicate_share_draw' }),
    );
    const otherGroup = await createGroup(outsider);
    const cases: [Record<string, unknown>, number, string, string?][] = [
      [{ share_price: { amount: 0, currency: 'AUD' } }, 400, 'validation_error', 'share_price'],
      [{ share_price: { amount: -5, currency: 'AUD' } }, 400, 'validation_error', 'share_price'],
      [{ share_price: { amount: 1.005, currency: 'AUD' } }, 400, 'validation_error', 'share_price'],
      [{ share_price: { amount: 0.99, currency: 'AUD' } }, 400, 'validation_error', 'share_price'],
      [{ share_price: { amount: 1000.01, currency: 'AUD' } }, 400, 'validation_error', 'share_price'],
      [{ share_price: { amount: 5, currency: 'USD' } }, 400, 'validation_error', 'share_price'],
      [{ share_price: '5' }, 400, 'validation_error', 'share_price'],
      [{ total_shares: 1 }, 400, 'validation_error', 'total_shares'],
      [{ total_shares: 501 }, 400, 'validation_error', 'total_shares'],
      [{ total_shares: 2.5 }, 400, 'validation_error', 'total_shares'],
      [{ autosession_status: 'sometimes' }, 400, 'validation_error', 'autosession_status'],
      [{ draw_id: randomUUID() }, 404, 'draw_not_found'],
      [{ draw_id: 'not-a-draw' }, 404, 'draw_not_found'],
      [{ draw_id: closedByStatus.id }, 422, 'draw_closed'],
      [{ draw_id: pastStop.id }, 422, 'draw_closed'],
      [{ group_id: otherGroup.group_id }, 404, 'group_not_found'],
      [{ group_id: randomUUID() }, 404, 'group_not_found'],
      [{ draw_id: syndicateDraw.id }, 404, 'draw_not_found'],
    ];
    for (const [overrides, status, code, field] of cases) {
      const res = await as(alex, 'POST', '/session', sessionBody(group.group_id, current.id, overrides));
      expect(res.statusCode, `${JSON.stringify(overrides)}: ${res.body}`).toBe(status);
      expect(res.json().error.code).toBe(code);
      if (field) expect(Object.keys(res.json().errors)).toContain(field);
      if (code === 'draw_closed') expect(res.json().error.message).toBe('This draw is closed.');
    }
    expect(await sessionCount(group.group_id)).toBe(0);
    expect(await sessionCount(otherGroup.group_id)).toBe(0);

    await createSession(sam, group.group_id, current.id);
    const twice = await as(alex, 'POST', '/session', sessionBody(group.group_id, current.id));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('session_exists');
    expect(await sessionCount(group.group_id)).toBe(1);
  });

  it('moves autosession by the table only, the owner only: a member 403, an outsider 404', async () => {
    const group = await groupOfTwo();
    const { session_id: id } = await createSession(sam, group.group_id, current.id);
    const refused = await as(sam, 'PUT', `/session/${id}`, { autosession_status: 'paused' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('invalid_transition');
    const stored = async () =>
      (await db.select().from(lottoPartySessions).where(eq(lottoPartySessions.id, id)))[0]?.autosessionStatus;
    expect(await stored()).toBe('off');

    const member = await as(alex, 'PUT', `/session/${id}`, { autosession_status: 'on' });
    expect(member.statusCode).toBe(403);
    expect(member.json().error).toMatchObject({
      code: 'not_group_owner',
      message: "Only the group's owner can change its autosession.",
    });
    expect(await stored()).toBe('off');
    expect((await as(alex, 'GET', `/session/${id}`)).json().result).toMatchObject({
      is_member: true,
      is_owner: false,
    });

    const on = await as(sam, 'PUT', `/session/${id}`, { autosession_status: 'on' });
    expect(on.statusCode).toBe(200);
    expect(on.json().result).toMatchObject({ autosession_status: 'on', is_owner: true });
    expect(
      (await as(sam, 'PUT', `/session/${id}`, { autosession_status: 'paused' })).json().result
        .autosession_status,
    ).toBe('paused');
    expect((await as(sam, 'PUT', `/session/${id}`, { autosession_status: 'never' })).statusCode).toBe(400);
    expect((await as(outsider, 'PUT', `/session/${id}`, { autosession_status: 'on' })).statusCode).toBe(404);
    expect(await stored()).toBe('paused');

    await db.update(lottoPartySessions).set({ status: 'cancelled' }).where(eq(lottoPartySessions.id, id));
    const closed = await as(sam, 'PUT', `/session/${id}`, { autosession_status: 'on' });
    expect(closed.statusCode).toBe(422);
    expect(await stored()).toBe('paused');
  });

  it("answers a non-member 404 on every read of a private group's", async () => {
    const group = await groupOfTwo();
    const { session_id: id } = await createSession(sam, group.group_id, current.id);
    const reads = [
      `/group/${group.group_id}`,
      `/group/${group.group_id}/session`,
      `/group/${group.group_id}/session/open`,
      `/session/${id}`,
    ];
    for (const url of reads) {
      const res = await as(outsider, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(['group_not_found', 'session_not_found']).toContain(res.json().error.code);
    }
    expect(
      (await as(outsider, 'GET', '/group')).json().result.map((g: { group_id: string }) => g.group_id),
    ).not.toContain(group.group_id);
  });
});

describe('discovery', () => {
  it("lists only promoted and public groups' open sessions", async () => {
    const { current: draw } = await pairs.twoDraws();
    const kinds = ['private', 'promoted', 'public'] as const;
    const made: Record<string, string> = {};
    for (const publicity of kinds) {
      const group = await createGroup(sam);
      await db
        .update(lottoPartyGroups)
        .set({ publicityStatus: publicity })
        .where(eq(lottoPartyGroups.id, group.group_id));
      made[publicity] = (await createSession(sam, group.group_id, draw.id)).session_id;
    }
    const closedGroup = await createGroup(sam);
    await db
      .update(lottoPartyGroups)
      .set({ publicityStatus: 'public' })
      .where(eq(lottoPartyGroups.id, closedGroup.group_id));
    const closed = await createSession(sam, closedGroup.group_id, draw.id);
    await db
      .update(lottoPartySessions)
      .set({ status: 'closed' })
      .where(eq(lottoPartySessions.id, closed.session_id));

    const onDraw = await as(outsider, 'GET', `/session/discover/draw/${draw.id}`);
    expect(onDraw.statusCode).toBe(200);
    const ids = onDraw
      .json()
      .result.map((s: { session_id: string }) => s.session_id)
      .sort();
    expect(ids).toEqual([made.promoted, made.public].sort());
    expect(onDraw.json().page_info.total).toBe(2);

    const all = await as(outsider, 'GET', '/session/discover?limit=50');
    const listed = all.json().result.map((s: { session_id: string }) => s.session_id);
    expect(listed).toContain(made.promoted);
    expect(listed).not.toContain(made.private);
    expect(listed).not.toContain(closed.session_id);

    // A public group's session is readable by anyone who found it; a private one is not.
    expect((await as(outsider, 'GET', `/session/${made.public}`)).statusCode).toBe(200);
    expect((await as(outsider, 'GET', `/session/${made.private}`)).statusCode).toBe(404);
    expect((await as(outsider, 'GET', `/session/discover/draw/${randomUUID()}`)).statusCode).toBe(404);
  });
});

describe("the group's publicity", () => {
  it('the owner promotes a group and its open session is listed; members and outsiders cannot change it', async () => {
    const { current: draw } = await pairs.twoDraws();
    const group = await createGroup(sam);
    const session = await createSession(sam, group.group_id, draw.id);
    const link = (await as(sam, 'POST', `/group/${group.group_id}/invite`)).json().result;
    expect((await as(alex, 'POST', `/group/token/${link.token}/join`)).statusCode).toBe(200);
    const listed = async () =>
      (await as(outsider, 'GET', `/session/discover/draw/${draw.id}`))
        .json()
        .result.map((s: { session_id: string }) => s.session_id);
    expect(await listed()).not.toContain(session.session_id);

    // Straight to public is not a move in the table; a member who is not the owner, and an
    // outsider, are refused; nothing changes.
    const skipped = await as(sam, 'PUT', `/group/${group.group_id}`, { publicity_status: 'public' });
    expect(skipped.statusCode).toBe(422);
    expect(skipped.json().errors.publicity_status[0].code).toBe('invalid_transition');
    const byMember = await as(alex, 'PUT', `/group/${group.group_id}`, { publicity_status: 'promoted' });
    expect(byMember.statusCode).toBe(403);
    const byOutsider = await as(outsider, 'PUT', `/group/${group.group_id}`, {
      publicity_status: 'promoted',
    });
    expect(byOutsider.statusCode).toBe(404);
    const bad = await as(sam, 'PUT', `/group/${group.group_id}`, { publicity_status: 'everyone' });
    expect(bad.statusCode).toBe(400);
    const [row] = await db.select().from(lottoPartyGroups).where(eq(lottoPartyGroups.id, group.group_id));
    expect(row?.publicityStatus).toBe('private');

    const promoted = await as(sam, 'PUT', `/group/${group.group_id}`, { publicity_status: 'promoted' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().result.publicity_status).toBe('promoted');
    expect(await listed()).toContain(session.session_id);
    expect(
      (await as(sam, 'PUT', `/group/${group.group_id}`, { publicity_status: 'private' })).statusCode,
    ).toBe(200);
    expect(await listed()).not.toContain(session.session_id);
  });
});

describe('leaving a group', () => {
  it('a member leaves, unless they hold shares in a session not settled yet; the owner cannot', async () => {
    const { current: draw } = await pairs.twoDraws();
    const group = await createGroup(sam);
    const session = await createSession(sam, group.group_id, draw.id);
    const link = (await as(sam, 'POST', `/group/${group.group_id}/invite`)).json().result;
    expect((await as(alex, 'POST', `/group/token/${link.token}/join`)).statusCode).toBe(200);
    expect(await memberCount(group.group_id)).toBe(2);

    // Shares in the open session: not yet; the owner: never; an outsider: no such group.
    await holdShares(session.session_id, alex.id, 2, 500);
    const holding = await as(alex, 'DELETE', `/group/${group.group_id}/member`);
    expect(holding.statusCode).toBe(409);
    expect(holding.json().error.code).toBe('holds_shares');
    const owner = await as(sam, 'DELETE', `/group/${group.group_id}/member`);
    expect(owner.statusCode).toBe(409);
    expect(owner.json().error.code).toBe('owner_cannot_leave');
    expect((await as(outsider, 'DELETE', `/group/${group.group_id}/member`)).statusCode).toBe(404);
    expect(await memberCount(group.group_id)).toBe(2);

    // Once the session is settled the member may go, and the group is theirs no more.
    await db
      .update(lottoPartySessions)
      .set({ status: 'cancelled' })
      .where(eq(lottoPartySessions.id, session.session_id));
    const left = await as(alex, 'DELETE', `/group/${group.group_id}/member`);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().result).toEqual({ group_id: group.group_id, left: true });
    expect(await memberCount(group.group_id)).toBe(1);
    expect((await as(alex, 'GET', `/group/${group.group_id}`)).statusCode).toBe(404);
    expect((await as(alex, 'DELETE', `/group/${group.group_id}/member`)).statusCode).toBe(404);
  });
});

describe('configuration', () => {
  it('answers the bounds, the steps and the lottery draws on sale with one game price', async () => {
    const res = await as(sam, 'GET', '/config');
    expect(res.statusCode).toBe(200);
    const config = res.json().result;
    expect(config).toMatchObject({
      groups_page_size: 6,
      creation_steps: ['name_group', 'select_draw', 'set_share_price', 'select_auto_session', 'join_session'],
      min_share_price: { amount: 1, currency: 'AUD' },
      max_share_price: { amount: 1000, currency: 'AUD' },
      min_shares: 2,
      max_shares: 500,
      group_name_max_length: 40,
    });
    const ours = config.draws.find((d: { draw_id: string }) => d.draw_id === current.id);
    expect(ours).toMatchObject({ product_offer_key: 'powerball', game_price: { currency: 'AUD' } });
    expect(ours.game_price.amount).toBeGreaterThan(0);

    const powerball = (await as(sam, 'GET', '/config/powerball')).json().result;
    expect(new Set(powerball.draws.map((d: { product_offer_key: string }) => d.product_offer_key))).toEqual(
      new Set(['powerball']),
    );
    const unknown = await as(sam, 'GET', '/config/no-such-offer');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('config_not_found');
    // A key that is no identifier names nothing; a NUL never reaches the database (a 500 before).
    for (const malformed of ['%00', 'power%00ball', '%3Cscript%3E']) {
      const res = await as(sam, 'GET', `/config/${malformed}`);
      expect(res.statusCode, `${malformed}: ${res.body}`).toBe(404);
      expect(res.json().error.code).toBe('config_not_found');
    }
  });
});
