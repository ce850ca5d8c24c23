/** Daily Winners giveaways and members written straight to the database, for the engine's tests. */
import { randomUUID } from 'node:crypto';
import {
  customers,
  type DbOrTx,
  giveawayUnlocks,
  insertGiveaway,
  memberships,
  type NewGiveaway,
} from '@drawhouse/db';
import type { GiveawayType, MembershipStatus, UnlockState } from '@drawhouse/domain';
import { customerRow } from './customer-rows.ts';

export const DAY_MS = 86_400_000;

/** A giveaway that opened two days before `closesAt`; prizes default to $50 cash and $10 credit. */
export function newGiveaway(db: DbOrTx, type: GiveawayType, closesAt: Date, more: Partial<NewGiveaway> = {}) {
  return insertGiveaway(db, {
    type,
    title: `Test ${type} ${randomUUID().slice(0, 8)}`,
    description: '',
    pill: null,
    permits: null,
    opensAt: new Date(closesAt.getTime() - 2 * DAY_MS),
    closesAt,
    prizes: [
      { title: '$50 cash', amountCents: 5000, kind: 'cash' },
      { title: '$10 credit', amountCents: 1000, kind: 'credit' },
    ],
    images: [],
    createdBy: null,
    ...more,
  });
}

export type MemberCase = {
  status: MembershipStatus | null;
  premiumUntil?: Date | null;
  joinedAt?: Date;
};

/** A customer with this membership (none for `status: null`). */
export async function memberOf(db: DbOrTx, m: MemberCase): Promise<string> {
  const row = customerRow();
  await db.insert(customers).values(row);
  const id = row.id as string;
  if (m.status !== null) {
    await db.insert(memberships).values({
      customerId: id,
      status: m.status,
      premiumUntil: m.premiumUntil ?? null,
      joinedAt: m.joinedAt ?? new Date(),
    });
  }
  return id;
}

export async function unlock(db: DbOrTx, giveawayId: string, customerId: string, state: UnlockState) {
  await db.insert(giveawayUnlocks).values({ giveawayId, customerId, state });
}
