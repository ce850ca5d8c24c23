/**
 * Giveaways in the back office: a content operator makes one (its commitment made with it, audited in
 * the same transaction), finds it by title, reference, type and status, changes it before it opens
 * (audited before and after) and not after; once drawn its detail shows its winners and the proof,
 * which checks out. A wrong form is refused field by field and changes nothing; other roles are refused.
 */
import { auditLog, count, desc, eq, giveaways, nodeHmacSha256, nodeSha256 } from '@drawhouse/db';
import { verifyRaffleProof } from '@drawhouse/domain';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createGiveawayEngine } from '../src/modules/giveaways/index.ts';
import { operatorRun } from './draws-helpers.ts';
import { DAY_MS, memberOf } from './giveaways-helpers.ts';
import { getTestApp } from './helpers.ts';
import { asOperator, backOfficeOperator } from './operators-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = app.deps;
const content = await backOfficeOperator(app, ['content']);
const finance = await backOfficeOperator(app, ['finance']);

const aud = (amount: number) => ({ amount, currency: 'AUD' });
let made = 0;
const form = (more: Record<string, unknown> = {}) => ({
  type: 'daily',
  title: `Daily giveaway ${Date.now()}-${++made}`,
  description: 'Fifty dollars, tonight.',
  pill: 'Tonight',
  permits: null,
  open: new Date(Date.now() + DAY_MS).toISOString(),
  close: new Date(Date.now() + 2 * DAY_MS).toISOString(),
  prizes: [
    { title: '$50 cash', amount: aud(50), kind: 'cash' },
    { title: '$10 credit', amount: aud(10), kind: 'credit' },
  ],
  ...more,
});
const create = (body: Record<string, unknown>) => asOperator(app, content, 'POST', '/admin/giveaways', body);
const auditOf = (id: string) =>
  db.select().from(auditLog).where(eq(auditLog.targetId, id)).orderBy(desc(auditLog.id));
const giveawaysCount = async () => (await db.select({ n: count() }).from(giveaways))[0]?.n ?? 0;

describe('giveaways in the back office', () => {
  it('are made with their commitment, audited, and found by title, reference, type and status', async () => {
    const body = form();
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(200);
    const { giveaway, proof, prize_winners, editable } = res.json().result;
    expect(giveaway).toMatchObject({
      type: 'daily',
      tier: 'free',
      status: 'open',
      title: body.title,
      external_id: `DW-DAILY-${giveaway.number}`,
      url: `/daily-winners/giveaways/daily/${giveaway.number}`,
      details: {
        title: body.title,
        transfer_token: null,
        url: `/daily-winners/giveaways/daily/${giveaway.number}`,
      },
      prizes: [
        { title: '$50 cash', amount: aud(50), kind: 'cash' },
        { title: '$10 credit', amount: aud(10), kind: 'credit' },
      ],
      entries: null,
      winners: 0,
      paid: 0,
    });
    expect(proof).toMatchObject({ draw_key: 'giveaway-daily', commitment: giveaway.commitment });
    expect(proof.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(proof.seed).toBeUndefined();
    expect(prize_winners).toEqual([]);
    expect(editable).toBe(true);
    const [audit] = await auditOf(giveaway.id);
    expect(audit).toMatchObject({
      action: 'giveaway.created',
      targetType: 'giveaway',
      operatorName: content.name,
    });
    expect(audit?.after).toMatchObject({
      externalId: giveaway.external_id,
      commitment: giveaway.commitment,
      prizes: [
        { title: '$50 cash', amountCents: 5000, kind: 'cash' },
        { title: '$10 credit', amountCents: 1000, kind: 'credit' },
      ],
    });

    const list = async (query: string) => {
      const found = await asOperator(app, content, 'GET', `/admin/giveaways?${query}`);
      expect(found.statusCode, found.body).toBe(200);
      return found.json().result;
    };
    const mine = (r: { giveaways: { id: string }[] }) => r.giveaways.map((g) => g.id);
    expect(mine(await list(`q=${encodeURIComponent(body.title.toUpperCase())}`))).toEqual([giveaway.id]);
    expect(mine(await list(`q=${giveaway.external_id.toLowerCase()}&type=daily&state=open`))).toEqual([
      giveaway.id,
    ]);
    expect((await list(`q=${giveaway.external_id}&type=monthly`)).total).toBe(0);
    expect((await list(`q=${giveaway.external_id}&state=paid`)).total).toBe(0);
    const page = await list('limit=1&page=1');
    expect(page).toMatchObject({ page: 1, limit: 1 });
    expect(page.giveaways).toHaveLength(1);
    expect((await asOperator(app, content, 'GET', '/admin/giveaways?state=gone')).statusCode).toBe(400);
    const shown = await asOperator(app, content, 'GET', `/admin/giveaways/${giveaway.id}`);
    expect(shown.json().result.giveaway.id).toBe(giveaway.id);
  });

  it('refuses a wrong form field by field and changes nothing', async () => {
    const before = await giveawaysCount();
    const bad = await create(
      form({
        close: new Date(Date.now() - 60_000).toISOString(),
        prizes: [{ title: 'Nothing', amount: aud(0), kind: 'cash' }],
      }),
    );
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().error.code).toBe('invalid_giveaway');
    expect(Object.keys(bad.json().errors).sort()).toEqual(['close', 'prizes']);
    const tooMuch = await create(
      form({ prizes: [{ title: 'Too much', amount: aud(1_000_000.01), kind: 'cash' }] }),
    );
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors.prizes[0].code).toBe('invalid_prize_amount');
    const noTitle = await create(form({ title: '' }));
    expect(noTitle.statusCode).toBe(400);
    expect(await giveawaysCount()).toBe(before);
  });

  it('are changed before they open, audited before and after, and not after', async () => {
    const { giveaway } = (await create(form())).json().result;
    const edit = (body: Record<string, unknown>) =>
      asOperator(app, content, 'PATCH', `/admin/giveaways/${giveaway.id}`, body);
    const changed = form({
      title: `${giveaway.title} (bigger)`,
      prizes: [{ title: '$100 cash', amount: aud(100), kind: 'cash' }],
    });
    const res = await edit(changed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.giveaway).toMatchObject({
      title: changed.title,
      commitment: giveaway.commitment,
      external_id: giveaway.external_id,
      prizes: [{ title: '$100 cash', amount: aud(100), kind: 'cash' }],
    });
    const [audit] = await auditOf(giveaway.id);
    expect(audit).toMatchObject({ action: 'giveaway.edited', operatorName: content.name });
    expect(audit?.before).toMatchObject({ title: giveaway.title });
    expect(audit?.after).toMatchObject({ title: changed.title, prizes: [{ amountCents: 10_000 }] });

    const otherType = await edit({ ...changed, type: 'major' });
    expect(otherType.statusCode).toBe(400);
    expect(otherType.json().errors.type[0].code).toBe('type_fixed');
    const wrong = await edit({ ...changed, prizes: [] });
    expect(wrong.statusCode).toBe(400);

    // Opened: no more changes.
    await db
      .update(giveaways)
      .set({ opensAt: new Date(Date.now() - 60_000) })
      .where(eq(giveaways.id, giveaway.id));
    const late = await edit(form({ title: 'Too late' }));
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().error.code).toBe('giveaway_opened');
    const [row] = await db.select().from(giveaways).where(eq(giveaways.id, giveaway.id));
    expect(row?.title).toBe(changed.title);
    expect(await auditOf(giveaway.id)).toHaveLength(2);
    const missing = await asOperator(
      app,
      content,
      'PATCH',
      '/admin/giveaways/00000000-0000-4000-8000-000000000000',
      form(),
    );
    expect(missing.statusCode).toBe(404);
  });

  it('show a drawn giveaway with its winners and the proof, which checks out', async () => {
    const { giveaway } = (await create(form())).json().result;
    for (let i = 0; i < 2; i++) await memberOf(db, { status: 'member' });
    const closed = new Date(Date.now() + 3 * DAY_MS);
    await createGiveawayEngine({ db, now: () => closed }).advance(giveaway.id);
    const res = await asOperator(app, content, 'GET', `/admin/giveaways/${giveaway.id}`);
    const detail = res.json().result;
    expect(detail.giveaway).toMatchObject({ status: 'paid', state: 'drawn', winners: 2, paid: 2 });
    expect(detail.editable).toBe(false);
    expect(detail.prize_winners.map((w: { prize_index: number }) => w.prize_index)).toEqual([0, 1]);
    expect(detail.prize_winners[0]).toMatchObject({ prize: { kind: 'cash' }, paid_at: closed.toISOString() });
    const { proof } = detail;
    expect(proof.winning_entries).toEqual(
      detail.prize_winners.map((w: { entry_number: number }) => w.entry_number),
    );
    const checked = await verifyRaffleProof({
      proof: {
        commitment: proof.commitment,
        seed: proof.seed,
        ticketsSold: proof.entries,
        winningTickets: proof.winning_entries,
      },
      offerKey: proof.draw_key,
      drawNo: giveaway.number,
      hmac: nodeHmacSha256,
      sha256: nodeSha256,
    });
    expect(checked).toMatchObject({ commitmentMatches: true, winnersMatch: true });
  });

  it('are for the content role only', async () => {
    expect((await asOperator(app, finance, 'GET', '/admin/giveaways')).statusCode).toBe(403);
    const before = await giveawaysCount();
    const refused = await asOperator(app, finance, 'POST', '/admin/giveaways', form());
    expect(refused.statusCode).toBe(403);
    expect(await giveawaysCount()).toBe(before);
    const routes = app.adminRoutes.filter((r) => r.url.startsWith('/admin/giveaways'));
    expect(routes.map((r) => `${r.method} ${r.url} ${r.role}`).sort()).toEqual([
      'GET /admin/giveaways content',
      'GET /admin/giveaways/:id content',
      'PATCH /admin/giveaways/:id content',
      'POST /admin/giveaways content',
    ]);
  });

  it('are made and drawn from the command line, refused field by field when wrong', async () => {
    const title = `Command line giveaway ${Date.now()}`;
    const close = new Date(Date.now() + DAY_MS).toISOString();
    const bad = await operatorRun(db, [
      'giveaway:create',
      'daily',
      '--title',
      title,
      '--close',
      close,
      '--prizes',
      'cash:0',
    ]);
    expect(bad.code).toBe(1);
    expect(bad.text).toContain('prizes: Prize 1: enter an amount');
    const made = await operatorRun(db, [
      'giveaway:create',
      'special',
      '--title',
      title,
      '--close',
      close,
      '--prizes',
      'cash:25,credit:5:Five to play',
    ]);
    expect(made.code, made.text).toBe(0);
    const [row] = await db.select().from(giveaways).where(eq(giveaways.title, title));
    expect(row?.prizes).toEqual([
      { title: '$25 cash', amountCents: 2500, kind: 'cash' },
      { title: 'Five to play', amountCents: 500, kind: 'credit' },
    ]);
    expect(made.text).toContain(`${row?.externalId} "${title}" made`);
    const [audit] = await auditOf(row?.id ?? '');
    expect(audit).toMatchObject({ action: 'giveaway.created', via: 'cli' });

    const early = await operatorRun(db, ['giveaway:draw', 'special', String(row?.number)]);
    expect(early.text).toContain(`did not move; open until ${close}`);
    await memberOf(db, { status: 'member' });
    await db
      .update(giveaways)
      .set({ opensAt: new Date(Date.now() - 2 * DAY_MS), closesAt: new Date(Date.now() - 60_000) })
      .where(eq(giveaways.id, row?.id ?? ''));
    const drawn = await operatorRun(db, ['giveaway:draw', 'special', String(row?.number)]);
    expect(drawn.code, drawn.text).toBe(0);
    expect(drawn.text).toMatch(/moved 3 steps; paid: \d+ entries, winning entries \d+, \d+/);
    expect((await operatorRun(db, ['giveaway:draw', 'special', '999999'])).code).toBe(1);
  });
});
