/**
 * The demo catalogue. `seed(db, { now })` fills an empty database once (the `seed_version` row of
 * site_config marks it done) and on every run tops up upcoming draws with `refreshDraws`, so a shop
 * started again a week later still has future draws. Everything happens in one transaction under an
 * advisory lock, so two processes seeding at once do not collide. Returns true when it seeded.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../client.ts';
import { insertProductOffer } from '../factories.ts';
import {
  appKeys,
  branding,
  capabilitySegments,
  causes,
  cmsFiles,
  cmsItems,
  drawPrizeDivisions,
  drawResults,
  draws,
  lotteries,
  partners,
  pricings,
  siteConfig,
  tips,
  translations,
  vouchers,
} from '../schema/index.ts';
import { seedBlog } from './blog.ts';
import {
  BANNERS,
  DEFAULT_CAPABILITIES,
  FAQ,
  LITE_CAPABILITIES,
  OFFER_CAPABILITY,
  PAGES,
  PRICINGS,
  SEEDED_LINK_FIXES,
  SITE_CONFIG,
  SITE_CONFIG_ITEM,
  THEME,
  TIPS,
  TRANSLATIONS,
} from './content.ts';
import {
  type GeneratedResult,
  type PastDraw,
  pastDrawsOf,
  refreshDraws,
  sydneyEveningAfter,
} from './draws.ts';
import { seedGiveaways } from './giveaways.ts';
import { seedLegacyAccounts } from './legacy-accounts.ts';
import { seedLocales } from './locales.ts';
import { LOTTERIES, lotteryRow } from './lotteries.ts';
import { seedLottoParty } from './lotto-party.ts';
import { CAUSES, MEMBERSHIPS, RAFFLES, SYNDICATES, syndicateGameType, UPCOMING_RAFFLE } from './offers.ts';
import { seedPastRaffleDraws } from './raffle-draws.ts';
import { insertRaffleOffer } from './raffle-offer.ts';
import { seedRaffleTerms } from './raffle-terms.ts';
import { seedSandboxAddresses } from './sandbox-addresses.ts';
import { seedSpendLimitDemo, seedSpendLimitStates } from './spend-limit-states.ts';
import { badge, ballLogo, banner, siteLogo } from './svg.ts';
import { seedSyndicateShares } from './syndicate-shares.ts';

export { refreshDraws } from './draws.ts';
export { DEMO_CUSTOMERS, DEMO_GROUP_NAME, DEMO_PASSWORD } from './lotto-party.ts';

export const SEED_VERSION = 1;
export const WEB_APP_KEY = 'drawhouse-web';
export const DEFAULT_WEB_APP_SECRET = 'dev-web-secret-change-me';

/** Any constant: serialises seeding across processes. */
const SEED_LOCK = 7_414_001;

export type SeedOptions = {
  /** The clock the demo data is relative to (upcoming draws after it, results before it). */
  now: Date;
  /** The web app's signing secret; default env WEB_APP_SECRET, else the development secret. */
  webAppSecret?: string;
  /**
   * The demo customers (with a password everyone knows) and their lotto party group: only for the
   * local demo's own database, never one a deployment uses.
   */
  demoCustomers?: boolean;
};

const BRAND_EXTRAS: Record<
  string,
  { aliases: string[]; regionOverrides: { region: string; name: string }[] }
> = {
  powerball: { aliases: ['pb'], regionOverrides: [] },
  'oz-lotto': { aliases: ['oz'], regionOverrides: [] },
  'saturday-lotto': {
    aliases: ['tattslotto', 'gold-lotto', 'x-lotto'],
    regionOverrides: [
      { region: 'VIC', name: 'Saturday TattsLotto' },
      { region: 'QLD', name: 'Saturday Gold Lotto' },
      { region: 'SA', name: 'Saturday X Lotto' },
    ],
  },
  'monday-wednesday-lotto': {
    aliases: ['mon-wed-lotto'],
    regionOverrides: [
      { region: 'QLD', name: 'Monday & Wednesday Gold Lotto' },
      { region: 'SA', name: 'Monday & Wednesday X Lotto' },
    ],
  },
  'set-for-life': { aliases: ['sfl'], regionOverrides: [] },
  'lotto-strike': { aliases: ['strike'], regionOverrides: [] },
  'super-66': { aliases: ['super66'], regionOverrides: [] },
};

export async function seed(db: Database, options: SeedOptions): Promise<boolean> {
  const now = options.now;
  const secret = options.webAppSecret ?? process.env.WEB_APP_SECRET ?? DEFAULT_WEB_APP_SECRET;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    await tx
      .insert(appKeys)
      .values({ key: WEB_APP_KEY, name: 'Drawhouse storefront', secret })
      .onConflictDoUpdate({
        target: appKeys.key,
        set: { secret },
        setWhere: sql`${appKeys.secret} is distinct from excluded.secret`,
      });
    const [marker] = await tx.select().from(siteConfig).where(eq(siteConfig.key, 'seed_version'));
    if (marker) {
      await fixSeededLinks(tx);
      await seedVouchers(tx, now);
      await seedPartners(tx);
      await seedLocales(tx);
      await seedSpendLimitStates(tx);
      await seedSandboxAddresses(tx);
      await seedBlog(tx, now);
      await refreshDraws(tx, now);
      await seedGroupPlay(tx, now, options);
      if (options.demoCustomers) await seedGiveaways(tx, now);
      return false;
    }
    await seedSettings(tx);
    await seedContent(tx);
    await seedLocales(tx);
    await seedSpendLimitStates(tx);
    await seedSandboxAddresses(tx);
    await seedBlog(tx, now);
    await seedCatalogue(tx, now);
    await refreshDraws(tx, now);
    await seedPastDraws(tx, now);
    await seedVouchers(tx, now);
    await seedPartners(tx);
    await seedGroupPlay(tx, now, options);
    // Demo giveaways pay real prizes once drawn: only the local demo's own database gets them.
    if (options.demoCustomers) await seedGiveaways(tx, now);
    await tx.insert(siteConfig).values({
      key: 'seed_version',
      value: { version: SEED_VERSION, seededAt: now.toISOString() },
    });
    return true;
  });
}

/**
 * Keeps upcoming draws topped up while the shop runs (the API calls it on a timer). Takes the seed's
 * lock, so several API processes never create the same draw twice. Returns how many draws it created.
 */
export async function topUpDraws(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    return refreshDraws(tx, now);
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** On every start, after the draws are topped up: the demo's syndicate counts and lotto party. */
async function seedGroupPlay(tx: DbOrTx, now: Date, options: SeedOptions): Promise<void> {
  await seedSyndicateShares(tx, now);
  if (options.demoCustomers) await seedLottoParty(tx, now);
  if (options.demoCustomers) await seedLegacyAccounts(tx, now);
  if (options.demoCustomers) await seedSpendLimitDemo(tx, now);
}

function fixedLink(link: unknown): unknown {
  return typeof link === 'string' ? (SEEDED_LINK_FIXES[link] ?? link) : link;
}

/**
 * Runs on every start of a seeded database: banner links and regulation image links that an earlier
 * seed wrote wrong are corrected. Only those exact addresses change, so an operator's edit stays.
 */
export async function fixSeededLinks(tx: DbOrTx): Promise<void> {
  const banners = await tx.select().from(cmsItems).where(eq(cmsItems.collection, 'banners'));
  for (const item of banners) {
    const link = fixedLink(item.data.link);
    if (link === item.data.link) continue;
    await tx
      .update(cmsItems)
      .set({ data: { ...item.data, link }, updatedAt: new Date() })
      .where(sql`${cmsItems.collection} = 'banners' and ${cmsItems.id} = ${item.id}`);
  }
  const [images] = await tx.select().from(siteConfig).where(eq(siteConfig.key, 'regulation_images'));
  if (!images || !Array.isArray(images.value)) return;
  let changed = false;
  const value = images.value.map((image: unknown) => {
    if (typeof image !== 'object' || image === null || !('href' in image)) return image;
    const href = fixedLink(image.href);
    if (href === image.href) return image;
    changed = true;
    return { ...image, href };
  });
  if (changed) {
    await tx
      .update(siteConfig)
      .set({ value, updatedAt: new Date() })
      .where(eq(siteConfig.key, 'regulation_images'));
  }
}

/**
 * The demo promo codes. Runs on every start (not only behind the seed marker) and inserts only the
 * codes that are missing, so a database seeded before vouchers existed gets them too; a code an
 * operator changed is left alone. SPRING10 expired the day before it was seeded, so it stays expired.
 */
export async function seedVouchers(tx: DbOrTx, now: Date): Promise<void> {
  await tx
    .insert(vouchers)
    .values([
      { code: 'WELCOME5', type: 'voucher_fixed_discount', amountCents: 500, minSpendCents: 1000 },
      { code: 'TENOFF', type: 'voucher_percent_discount', percentBasisPoints: 1000 },
      {
        code: 'SPRING10',
        type: 'voucher_fixed_discount_expire',
        amountCents: 1000,
        expiresAt: new Date(now.getTime() - DAY_MS),
      },
      { code: 'CREDIT20', type: 'voucher_credit_amount', amountCents: 2000 },
    ])
    .onConflictDoNothing();
}

/**
 * The demo partner: a community club selling a charity raffle and a lottery on its own purchase
 * pages (/purchase/riverbend-club). Inserted when missing, on every start; an edited row stays.
 */
export async function seedPartners(tx: DbOrTx): Promise<void> {
  await tx
    .insert(partners)
    .values({
      slug: 'riverbend-club',
      key: 'riverbend-community-club',
      name: 'Riverbend Community Club',
      channels: ['web', 'club-kiosk'],
      allowedOffers: ['bush-rescue-car-raffle', 'powerball'],
      branding: {
        primaryColor: '#1d4d2b',
        onPrimaryColor: '#ffffff',
        tagline: 'Every ticket keeps our rescue crews on the road.',
      },
      autologinFailurePath: '/login',
    })
    .onConflictDoNothing();
}

async function seedSettings(tx: DbOrTx): Promise<void> {
  await tx.insert(siteConfig).values(Object.entries(SITE_CONFIG).map(([key, value]) => ({ key, value })));
  await tx.insert(capabilitySegments).values([
    { segmentName: 'default', capabilities: DEFAULT_CAPABILITIES },
    { segmentName: 'lite', capabilities: LITE_CAPABILITIES },
  ]);
  await tx.insert(pricings).values(PRICINGS);
  await tx.insert(tips).values(TIPS.map((tip, i) => ({ ...tip, sortOrder: i })));
}

async function seedContent(tx: DbOrTx): Promise<void> {
  const items: (typeof cmsItems.$inferInsert)[] = [
    { collection: 'theme', id: 'theme', data: THEME },
    { collection: 'site_config', id: 'site_config', data: SITE_CONFIG_ITEM },
    ...PAGES.map((page, i) => ({
      collection: 'pages',
      id: page.slug,
      slug: page.slug,
      data: { ...page },
      sortOrder: i,
    })),
    ...FAQ.map((faq, i) => ({ collection: 'faq', id: faq.id, slug: faq.id, data: { ...faq }, sortOrder: i })),
    ...BANNERS.map((b, i) => ({ collection: 'banners', id: b.id, slug: b.id, data: { ...b }, sortOrder: i })),
  ];
  await tx.insert(cmsItems).values(items);
  await tx.insert(translations).values(TRANSLATIONS.map((t) => ({ ...t, locale: 'en-AU' })));

  const svg = 'image/svg+xml';
  const files: (typeof cmsFiles.$inferInsert)[] = [
    { id: 'logo', contentType: svg, body: siteLogo(THEME.colors.primary, THEME.colors.accent) },
    { id: 'regulator-nsw', contentType: svg, body: badge('Liquor & Gaming NSW', '#1d3557') },
    { id: 'gambling-help', contentType: svg, body: badge('Gambling Help 1800 858 858', '#2b8a3e') },
    { id: 'adults-only', contentType: svg, body: badge('18+', '#c92a2a') },
  ];
  for (const l of LOTTERIES)
    files.push({ id: `logo-${l.key}`, contentType: svg, body: ballLogo(l.name, l.initials, l.color) });
  for (const r of [...RAFFLES, UPCOMING_RAFFLE])
    files.push({ id: `logo-${r.key}`, contentType: svg, body: ballLogo(r.name, 'R', r.color) });
  for (const s of SYNDICATES)
    files.push({ id: `logo-${s.key}`, contentType: svg, body: ballLogo(s.name, 'S', s.color) });
  for (const m of MEMBERSHIPS)
    files.push({ id: `logo-${m.key}`, contentType: svg, body: ballLogo(m.name, 'DW', m.color) });
  for (const c of CAUSES) {
    files.push({
      id: `cause-${c.key}`,
      contentType: svg,
      body: banner(c.name, c.summary, c.colors[0], c.colors[1]),
    });
  }
  await tx.insert(cmsFiles).values(files);
}

async function seedCatalogue(tx: DbOrTx, now: Date): Promise<void> {
  await tx.insert(lotteries).values(LOTTERIES.map(lotteryRow));
  await tx.insert(causes).values(
    CAUSES.map((c, i) => ({
      key: c.key,
      urlSlug: c.urlSlug,
      name: c.name,
      summary: c.summary,
      description: c.description,
      image: `/cms/files/cause-${c.key}`,
      website: c.website,
      sortOrder: i,
    })),
  );

  const brands: (typeof branding.$inferInsert)[] = [];
  const logo = (key: string) => `/cms/files/logo-${key}`;

  for (const l of LOTTERIES) {
    await insertProductOffer(
      tx,
      {
        key: l.key,
        type: 'lottery_ticket',
        name: l.name,
        url: `/${l.key}`,
        displayCategory: 'lotto',
        ranking: l.ranking,
        highlighted: l.highlighted,
        megaJackpot: l.megaJackpot,
        lotteryKey: l.key,
        description: l.description,
        facts: l.facts,
        brand: { primaryColor: l.color, logo: logo(l.key) },
        restrictions: l.restrictions,
        urlAliases: l.urlAliases,
        recurringPurchase: { type: 'autoplay', availability: 'optional' },
        requiredCapabilities: [OFFER_CAPABILITY.lottery_ticket],
      },
      l.gameTypes,
    );
    const extras = BRAND_EXTRAS[l.key] ?? { aliases: [], regionOverrides: [] };
    brands.push({ id: l.key, name: l.name, primaryColor: l.color, logo: logo(l.key), ...extras });
  }

  for (const r of RAFFLES) {
    const closesAt = sydneyEveningAfter(now, r.closesInDays);
    await insertRaffleOffer(tx, {
      ...r,
      causeName: CAUSES.find((c) => c.key === r.causeKey)?.name ?? '',
      logo: logo(r.key),
      closesAt,
    });
    await seedPastRaffleDraws(tx, r, closesAt, now);
    await seedRaffleTerms(tx, r, CAUSES.find((c) => c.key === r.causeKey)?.name ?? null);
    brands.push({ id: r.key, name: r.name, primaryColor: r.color, logo: logo(r.key) });
  }

  // Unpublished: no brand, past draws or terms of its own yet.
  await insertRaffleOffer(tx, {
    ...UPCOMING_RAFFLE,
    causeName: CAUSES.find((c) => c.key === UPCOMING_RAFFLE.causeKey)?.name ?? '',
    logo: logo(UPCOMING_RAFFLE.key),
    closesAt: sydneyEveningAfter(now, UPCOMING_RAFFLE.closesInDays),
    published: false,
  });

  for (const s of SYNDICATES) {
    const lottery = LOTTERIES.find((l) => l.key === s.lotteryKey);
    await insertProductOffer(
      tx,
      {
        key: s.key,
        type: 'syndicate_share',
        name: s.name,
        url: `/${s.key}`,
        displayCategory: 'syndicate',
        ranking: s.ranking,
        lotteryKey: s.lotteryKey,
        description: s.description,
        facts: [
          { label: 'Entry', value: `${s.tickets.name} (${s.tickets.numStandardGames} games)` },
          { label: 'Shares', value: `${s.totalShares} shares per draw` },
          ...(lottery?.facts[0] ? [lottery.facts[0]] : []),
        ],
        brand: { primaryColor: s.color, logo: logo(s.key) },
        recurringPurchase: { type: 'autoplay', availability: 'optional' },
        requiredCapabilities: [OFFER_CAPABILITY.syndicate_share],
        syndicateTickets: s.tickets,
        syndicateTotalShares: s.totalShares,
        syndicateSharesSold: s.sharesSold,
        syndicateEncodedId: s.encodedId,
        costPerShareCents: s.costPerShareCents,
      },
      [syndicateGameType(s)],
    );
    brands.push({ id: s.key, name: s.name, primaryColor: s.color, logo: logo(s.key) });
  }

  for (const m of MEMBERSHIPS) {
    await insertProductOffer(
      tx,
      {
        key: m.key,
        type: 'membership',
        name: m.name,
        url: `/${m.key}`,
        displayCategory: 'membership',
        ranking: m.ranking,
        description: m.description,
        facts: m.facts,
        brand: { primaryColor: m.color, logo: logo(m.key) },
        recurringPurchase: m.recurringPurchase,
        requiredCapabilities: [OFFER_CAPABILITY.membership],
      },
      m.gameTypes,
    );
    brands.push({ id: m.key, name: m.name, primaryColor: m.color, logo: logo(m.key) });
  }

  await tx.insert(branding).values(brands.map((b, i) => ({ ...b, sortOrder: i })));
}

/** About three months of drawn and paid draws before `now`, with results and prize divisions. */
async function seedPastDraws(tx: DbOrTx, now: Date): Promise<void> {
  const rows = await tx.select().from(lotteries);
  // Lotteries that ride others (Lotto Strike) last: they read the results of the draws they ride.
  rows.sort((a, b) => a.linkedLotteryKeys.length - b.linkedLotteryKeys.length);
  const resultsByTime = new Map<string, Map<number, GeneratedResult>>();
  for (const lottery of rows) {
    const def = LOTTERIES.find((l) => l.key === lottery.key);
    if (!def) continue;
    const [firstUpcoming] = await tx
      .select({ prizePoolCents: draws.prizePoolCents })
      .from(draws)
      .where(sql`${draws.productOfferKey} = ${lottery.key} and ${draws.drawAt} > ${now}`)
      .orderBy(draws.drawAt)
      .limit(1);
    const linked = new Map<number, GeneratedResult>();
    for (const key of lottery.linkedLotteryKeys) {
      for (const [time, result] of resultsByTime.get(key) ?? []) linked.set(time, result);
    }
    const past: PastDraw[] = pastDrawsOf(
      lottery,
      def.typicalDivisions,
      now,
      firstUpcoming?.prizePoolCents ?? null,
      linked,
    );
    const byTime = new Map<number, GeneratedResult>();
    for (const p of past) if (p.draw.drawAt) byTime.set(p.draw.drawAt.getTime(), p.result);
    resultsByTime.set(lottery.key, byTime);
    if (past.length === 0) continue;

    const inserted = await tx
      .insert(draws)
      .values(past.map((p) => p.draw))
      .onConflictDoNothing()
      .returning({ id: draws.id, drawNo: draws.drawNo, drawAt: draws.drawAt });
    const byNo = new Map(past.map((p) => [p.draw.drawNo, p]));
    const results: (typeof drawResults.$inferInsert)[] = [];
    const divisions: (typeof drawPrizeDivisions.$inferInsert)[] = [];
    for (const row of inserted) {
      const p = byNo.get(row.drawNo);
      if (!p) continue;
      results.push({
        drawId: row.id,
        numbers: p.result.numbers,
        supplementary: p.result.supplementary,
        drawnAt: row.drawAt,
      });
      for (const d of p.divisions) divisions.push({ drawId: row.id, ...d });
    }
    if (results.length > 0) await tx.insert(drawResults).values(results);
    for (let i = 0; i < divisions.length; i += 1000) {
      await tx.insert(drawPrizeDivisions).values(divisions.slice(i, i + 1000));
    }
  }
}
