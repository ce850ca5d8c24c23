/** Lotto party groups and sessions made through the API, and draws brought to their close. */
import { type Database, draws, eq } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call, type TestCustomer } from './accounts-helpers.ts';
import { aud } from './checkout-helpers.ts';
import { uniqueGroupName } from './helpers.ts';

export function lottoPartyCalls(app: FastifyInstance) {
  const party = (token: string, url: string, body?: unknown, method?: 'POST' | 'PUT') =>
    call(app, `/social/v3${url}`, { token, body, ...(method ? { method } : {}) });

  return {
    party,

    /** A private group made by `owner`, joined through an invite link by each of `members`. */
    async groupOf(owner: TestCustomer, members: TestCustomer[]) {
      const made = await party(owner.access_token, '/group', {
        group_name: uniqueGroupName('Flow'),
      });
      expect(made.statusCode, made.body).toBeLessThan(300);
      const group = made.json().result;
      const invite = await party(owner.access_token, `/group/${group.group_id}/invite`, {}, 'POST');
      expect(invite.statusCode, invite.body).toBeLessThan(300);
      const { token } = invite.json().result;
      for (const m of members) {
        const joined = await party(m.access_token, `/group/token/${token}/join`, {}, 'POST');
        expect(joined.statusCode, joined.body).toBe(200);
      }
      return group as { group_id: string; group_name: string };
    },

    /** A session of the group on the draw, autosession on. */
    async sessionOf(owner: TestCustomer, groupId: string, drawId: string, priceCents: number, total: number) {
      const res = await party(owner.access_token, '/session', {
        group_id: groupId,
        draw_id: drawId,
        share_price: aud(priceCents),
        total_shares: total,
        autosession_status: 'on',
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json().result.session_id as string;
    },
  };
}

/** Moves a draw's stop and draw times into the past so the engine closes it now. */
export async function pastStop(db: Database, drawId: string) {
  const at = Date.now();
  await db
    .update(draws)
    .set({ stopAt: new Date(at - 2_000), drawAt: new Date(at - 1_000) })
    .where(eq(draws.id, drawId));
}
