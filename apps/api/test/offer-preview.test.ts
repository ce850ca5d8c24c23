/**
 * Unpublished offers: listed nowhere and refused by the cart; the content role publishes and
 * unpublishes an offer (audited) and previews an unpublished one with a preview token, which the shop
 * shows on the offer's own page. Other roles cannot, and a bad or expired token shows nothing.
 */
import { and, auditLog, eq, insertProductOffer, productOffers } from '@drawhouse/db';
import { OFFER_HAS_ENTRIES_REASON } from '@drawhouse/domain';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signPreview } from '../src/modules/content/preview-token.ts';
import { cartCalls } from './cart-helpers.ts';
import { getTestApp } from './helpers.ts';
import { asOperator, backOfficeOperator } from './operators-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = app.deps;
const { cartCall, newAnonCart } = cartCalls(app);
const content = await backOfficeOperator(app, ['content']);
const support = await backOfficeOperator(app, ['support']);

/** The demo seed's raffle still being prepared. */
const UNPUBLISHED = 'winter-getaway-raffle';

async function show(token: string) {
  const res = await app.inject({ method: 'GET', url: `/cms/preview?token=${encodeURIComponent(token)}` });
  return { status: res.statusCode, body: res.json(), cacheControl: res.headers['cache-control'] };
}

describe('an unpublished offer', () => {
  it('is in no offers list, for any pricing', async () => {
    const [row] = await db.select().from(productOffers).where(eq(productOffers.key, UNPUBLISHED));
    expect(row?.published).toBe(false);
    for (const url of ['/v2/product_offers', '/v2/pricing/default/product_offers']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'x-api-version': '3.9' } });
      expect(res.statusCode, url).toBe(200);
      const keys = res.json().result.offers.map((o: { key: string }) => o.key);
      expect(keys, url).toContain('coastal-prize-home');
      expect(keys, url).not.toContain(UNPUBLISHED);
    }
  });

  it('is refused by the cart as not on sale, changing nothing', async () => {
    const token = await newAnonCart();
    const res = await cartCall(`/v2/anon-cart/${token}/items`, { body: { lottery: UNPUBLISHED, book: 1 } });
    expect(res.statusCode, res.body).toBe(400);
    // As a closed offer is: the field error of the offer says it is not available.
    expect(res.json().error.code).toBe('validation_error');
    expect(JSON.stringify(res.json().errors.lottery)).toContain('not available');
    expect((await cartCall(`/v2/anon-cart/${token}`)).json().result.cart_items).toEqual([]);
  });
});

describe('publishing an offer', () => {
  it('lists the offers for the content role, and publishes and unpublishes one, audited', async () => {
    const key = 'publish-test-offer';
    await insertProductOffer(db, {
      key,
      type: 'raffle_ticket',
      name: 'Publish Test Raffle',
      url: `/${key}`,
      displayCategory: 'raffle',
      ranking: 99,
      // No segment sells it, so other tests never see it listed.
      requiredCapabilities: ['publish-test-only'],
      published: false,
    });
    const listed = await asOperator(app, content, 'GET', '/admin/content/offers');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().result.offers).toContainEqual({
      key: UNPUBLISHED,
      name: 'Winter Getaway Raffle',
      type: 'raffle_ticket',
      published: false,
    });

    const published = await asOperator(app, content, 'PATCH', `/admin/content/offers/${key}`, {
      published: true,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().result).toMatchObject({ key, published: true });
    const unpublished = await asOperator(app, content, 'PATCH', `/admin/content/offers/${key}`, {
      published: false,
    });
    expect(unpublished.json().result).toMatchObject({ key, published: false });
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operatorId, content.id), eq(auditLog.targetId, key)));
    expect(audit.map((r) => r.action).sort()).toEqual(['offer.published', 'offer.unpublished']);

    for (const [method, url, body] of [
      ['GET', '/admin/content/offers', undefined],
      ['PATCH', `/admin/content/offers/${key}`, { published: true }],
    ] as const) {
      expect((await asOperator(app, support, method, url, body)).statusCode, url).toBe(403);
    }
    const [row] = await db.select().from(productOffers).where(eq(productOffers.key, key));
    expect(row?.published).toBe(false);

    const unknown = await asOperator(app, content, 'PATCH', '/admin/content/offers/nope', {
      published: true,
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await asOperator(app, content, 'PATCH', '/admin/content/offers/%3Cx%3E', {
      published: 'yes',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps an offer with tickets sold or entered published: taking it back is refused and changes nothing', async () => {
    // The demo raffle has tickets from before the shop: its buyers' pages and results must stay.
    const refused = await asOperator(app, content, 'PATCH', '/admin/content/offers/coastal-prize-home', {
      published: false,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'offer_has_entries',
      message: OFFER_HAS_ENTRIES_REASON,
    });
    const [row] = await db.select().from(productOffers).where(eq(productOffers.key, 'coastal-prize-home'));
    expect(row?.published).toBe(true);
    const audit = await db.select().from(auditLog).where(eq(auditLog.targetId, 'coastal-prize-home'));
    expect(audit.filter((r) => r.action.startsWith('offer.'))).toEqual([]);
  });
});

describe('previewing an offer', () => {
  it('gives the content role a link to the offer page with a token (audited), which shows the offer', async () => {
    const asked = await asOperator(app, content, 'POST', '/admin/content/preview', {
      kind: 'offer',
      id: UNPUBLISHED,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const ticket = asked.json().result;
    expect(ticket.url).toBe(
      `${app.deps.webBaseUrl}/${UNPUBLISHED}?preview=true&token=${encodeURIComponent(ticket.token)}`,
    );
    const shown = await show(ticket.token);
    expect(shown.status).toBe(200);
    expect(shown.cacheControl).toBe('no-store');
    expect(shown.body.result).toMatchObject({
      kind: 'offer',
      can_edit: true,
      edit_url: `${app.deps.config.adminBaseUrl}/offers`,
      offer: { key: UNPUBLISHED, name: 'Winter Getaway Raffle', type: 'raffle_ticket' },
    });
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operatorId, content.id), eq(auditLog.action, 'preview.issued')));
    expect(audit.map((r) => [r.targetType, r.targetId])).toContainEqual(['offer', UNPUBLISHED]);
  });

  it('refuses other roles, an unknown offer, and a bad, expired or forged token', async () => {
    const refused = await asOperator(app, support, 'POST', '/admin/content/preview', {
      kind: 'offer',
      id: UNPUBLISHED,
    });
    expect(refused.statusCode).toBe(403);
    const unknown = await asOperator(app, content, 'POST', '/admin/content/preview', {
      kind: 'offer',
      id: 'nope',
    });
    expect(unknown.statusCode).toBe(404);

    const claim = { kind: 'offer' as const, id: UNPUBLISHED, operator: content.id };
    const expired = signPreview(app.deps.jwtSecret, claim, new Date(Date.now() - 24 * 60 * 60 * 1000));
    const forged = signPreview('not-the-api-secret-at-all-000000', claim, new Date());
    for (const token of [expired.token, forged.token, 'nonsense', '']) {
      const { status, body } = await show(token);
      expect(status, token).toBe(404);
      expect(body.error.code, token).toBe('preview_not_found');
    }
  });
});
