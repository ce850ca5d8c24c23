import { randomBytes, randomUUID } from 'node:crypto';
import { appKeys, DEFAULT_WEB_APP_SECRET, inArray } from '@drawhouse/db';
import { afterAll, describe, expect, it } from 'vitest';
import { appSecretProblems } from '../src/config.ts';
import { createAppKeyRepository } from '../src/modules/system/app-key.repository.ts';
import { getTestDb } from './helpers.ts';

const { db } = getTestDb();
const tag = randomUUID().slice(0, 8);
const rows = [
  { key: `default-${tag}`, name: 'Default secret', secret: DEFAULT_WEB_APP_SECRET },
  { key: `short-${tag}`, name: 'Short secret', secret: 'x'.repeat(31) },
  { key: `strong-${tag}`, name: 'Strong secret', secret: randomBytes(16).toString('hex') },
  { key: `retired-${tag}`, name: 'Retired key', secret: 'old', active: false },
];
await db.insert(appKeys).values(rows);
afterAll(async () => {
  await db.delete(appKeys).where(
    inArray(
      appKeys.key,
      rows.map((row) => row.key),
    ),
  );
});

describe('stored app secrets at a production start', () => {
  it('names every active key whose secret is the development default or short', async () => {
    const ours = (await createAppKeyRepository(db).activeSecrets()).filter((k) => k.key.endsWith(tag));
    expect(ours.map((k) => k.key).sort()).toEqual([`default-${tag}`, `short-${tag}`, `strong-${tag}`]);
    const problems = appSecretProblems(ours);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain(`"default-${tag}"`);
    expect(problems[1]).toContain(`"short-${tag}"`);
  });
});
