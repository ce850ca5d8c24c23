import { cmsItems, createDb, eq, migrateDatabase, seed, siteConfig, sql } from '@drawhouse/db';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from './fresh-database';

describe('seeded links', () => {
  it('point at pages that exist, and a database seeded with the old links is corrected on the next start', async () => {
    const url = await freshDatabase('links');
    await migrateDatabase(url);
    const handle = createDb(url, { max: 2 });
    afterAll(() => handle.close());
    const { db } = handle;
    await seed(db, { now: new Date() });

    const bannerLink = async () =>
      (await db.select().from(cmsItems).where(eq(cmsItems.id, 'prize-home-closing')))[0]?.data.link;
    const imageLinks = async () => {
      const [row] = await db.select().from(siteConfig).where(eq(siteConfig.key, 'regulation_images'));
      return ((row?.value ?? []) as { href: string }[]).map((i) => i.href);
    };
    expect(await bannerLink()).toBe('/coastal-prize-home');
    expect(await imageLinks()).toContain('/about/responsible-gaming');

    // What the first demo seed wrote, and an operator's own link that must stay.
    await db.execute(
      sql`update cms_items set data = jsonb_set(data, '{link}', '"/raffles/coastal-prize-home"') where id = 'prize-home-closing'`,
    );
    await db.execute(
      sql`update cms_items set data = jsonb_set(data, '{link}', '"/powerball/custom"') where id = 'powerball-jackpot'`,
    );
    await db.execute(
      sql`update site_config set value = jsonb_set(value, '{2,href}', '"/responsible-gaming"') where key = 'regulation_images'`,
    );
    expect(await seed(db, { now: new Date() })).toBe(false);
    expect(await bannerLink()).toBe('/coastal-prize-home');
    expect(await imageLinks()).toContain('/about/responsible-gaming');
    expect(await imageLinks()).not.toContain('/responsible-gaming');
    const [other] = await db.select().from(cmsItems).where(eq(cmsItems.id, 'powerball-jackpot'));
    expect(other?.data.link).toBe('/powerball/custom');
  });
});
