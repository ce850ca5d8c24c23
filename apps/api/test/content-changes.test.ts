/**
 * A content edit reaches every API process's cached answers (ADR 064): each save of the banner, a page
 * or the navigation moves the content version, and another API process sharing the database, which
 * keeps its own copy of the /cms answers, answers the change within about a second, over HTTP (its
 * cached reads in front of Fastify included) and without `?clear_cache`. What a test changes it puts
 * back.
 */
import type { DbOrTx } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createContentAdmin } from '../src/modules/content/content-admin.service.ts';
import { contentVersion } from '../src/modules/content/index.ts';
import { contentActor, rolledBack } from './content-admin-helpers.ts';
import { getTestApp } from './helpers.ts';
import { asOperator, backOfficeOperator } from './operators-helpers.ts';
import { until } from './wait-until.ts';

/** The API process the operator saves in, and another one sharing its database. */
const saving: FastifyInstance = await getTestApp();
const other: FastifyInstance = await getTestApp();
const { db } = saving.deps;
const content = await backOfficeOperator(saving, ['content']);

/** How long another process may answer the old content (a check a second, and a read's own time). */
const OTHER_PROCESS_MS = 2_000;

async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on a port');
  return `http://127.0.0.1:${address.port}`;
}
const otherBase = await listening(other);

/** A /cms answer's result from the other process, as a client reaches it. */
async function fromOther(path: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${otherBase}/cms${path}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: Record<string, unknown> }).result;
}

async function save(url: string, body: Record<string, unknown>) {
  const res = await asOperator(saving, content, 'PATCH', url, body);
  expect(res.statusCode, res.body).toBe(200);
}

describe('the content version', () => {
  it('moves with every save of the banner, a page or the navigation', async () => {
    const admin = (tx: DbOrTx) =>
      createContentAdmin({ db: tx, now: () => new Date(0), changed: () => undefined });
    const actor = contentActor(content);
    const saves = [
      (tx: DbOrTx) => admin(tx).saveBanner(actor, { text: 'Raffle closes Sunday', link: null, shown: true }),
      (tx: DbOrTx) =>
        admin(tx).savePage(actor, 'about', {
          title: 'About us',
          metaDescription: 'Who we are.',
          blocks: [{ type: 'paragraph', text: 'Hello' }],
        }),
      async (tx: DbOrTx) => admin(tx).saveNavigation(actor, (await admin(tx).show()).navigation),
    ];
    for (const saveIn of saves) {
      await rolledBack(db, async (tx) => {
        const before = await contentVersion(tx);
        expect(await contentVersion(tx)).toBe(before);
        // Saved by a clock in the past: the version must not depend on the writer's clock.
        await saveIn(tx);
        expect(await contentVersion(tx)).not.toBe(before);
      });
    }
  });
});

describe('another API process', () => {
  it('answers a saved page and navigation within about a second, without clear_cache', async () => {
    const shown = await asOperator(saving, content, 'GET', '/admin/content');
    expect(shown.statusCode, shown.body).toBe(200);
    const { pages, navigation } = shown.json().result as {
      pages: { slug: string; title: string; meta_description: string; blocks: unknown[] }[];
      navigation: { primary: { type: string; label: string; url: string | null; hidden: boolean }[] };
    };
    const about = pages.find((p) => p.slug === 'about');
    if (!about) throw new Error('the demo has no about page');
    const page = { title: about.title, meta_description: about.meta_description, blocks: about.blocks };
    const [first, ...rest] = navigation.primary;
    if (!first) throw new Error('the demo has no navigation');

    // Both answers kept by the other process (the second read is answered from its cache).
    await fromOther('/items/pages/about');
    expect((await fromOther('/items/pages/about')).title).toBe(about.title);
    await fromOther('/navigation');
    const kept = (await fromOther('/navigation')).primary as { label: string }[];
    expect(kept[0]?.label).toBe(first.label);

    try {
      await save('/admin/content/pages/about', { ...page, title: 'About Drawhouse, edited' });
      await save('/admin/content/navigation', { primary: [{ ...first, label: 'Edited label' }, ...rest] });
      const title = await until(
        'the other process answers the saved page',
        async () => (await fromOther('/items/pages/about')).title,
        (t) => t === 'About Drawhouse, edited',
        OTHER_PROCESS_MS,
      );
      expect(title).toBe('About Drawhouse, edited');
      const primary = (await fromOther('/navigation')).primary as { label: string }[];
      expect(primary[0]?.label).toBe('Edited label');
    } finally {
      await save('/admin/content/pages/about', page);
      await save('/admin/content/navigation', navigation);
    }
    await until(
      'the other process answers the page put back',
      async () => (await fromOther('/items/pages/about')).title,
      (t) => t === about.title,
      OTHER_PROCESS_MS,
    );
  });
});
