/**
 * ConnectID sign-ins are forgotten a day after they expire (the daily `connectid-prune` job), used or
 * not; those expired less than a day ago and those still open are kept.
 */
import { randomUUID } from 'node:crypto';
import { connectIdRequests, eq } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { pruneConnectIdSignIns } from '../src/modules/verification/index.ts';
import { newCustomer } from './accounts-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const HOUR_MS = 3_600_000;

describe('pruning ConnectID sign-ins', () => {
  it('forgets those expired over a day ago and keeps the rest', async () => {
    const customer = await newCustomer(app);
    const now = new Date();
    const signIn = (label: string, expiredHoursAgo: number, used: boolean) => ({
      customerId: customer.id,
      state: `${label}-${randomUUID()}`,
      nonce: randomUUID(),
      codeVerifier: randomUUID(),
      createdAt: new Date(now.getTime() - (expiredHoursAgo + 1) * HOUR_MS),
      expiresAt: new Date(now.getTime() - expiredHoursAgo * HOUR_MS),
      usedAt: used ? new Date(now.getTime() - (expiredHoursAgo + 0.5) * HOUR_MS) : null,
    });
    await db
      .insert(connectIdRequests)
      .values([
        signIn('old-used', 48, true),
        signIn('old-unused', 25, false),
        signIn('recent', 1, true),
        signIn('open', -0.1, false),
      ]);

    expect(await pruneConnectIdSignIns(db, now)).toBeGreaterThanOrEqual(2);
    const left = await db
      .select({ state: connectIdRequests.state })
      .from(connectIdRequests)
      .where(eq(connectIdRequests.customerId, customer.id));
    expect(left.map((r) => r.state.split('-')[0]).sort()).toEqual(['open', 'recent']);
    expect(await pruneConnectIdSignIns(db, now)).toBe(0);
  });
});
