/**
 * Sessions: a member opens one on a lottery draw that takes entries, reads it, turns its autosession
 * on, pauses or stops it by the domain's table; the group's sessions and its open one; and discovery
 * of promoted and public groups' open sessions. A private group's session is not found by anyone
 * outside the group. Every refusal is decided before anything is written.
 */
import type { CreateSessionBody, PageInfo, Session } from '@drawhouse/contract';
import type { Database, DbOrTx } from '@drawhouse/db';
import {
  type AutosessionStatus,
  canMoveAutosession,
  lottoPartyOpenedNotice,
  purchasableDraws,
  sharePriceCents,
  totalSharesRefusal,
} from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { feedEntries } from '../feed/index.ts';
import { groupsRepository } from './groups.repository.ts';
import {
  drawClosed,
  drawNotFound,
  fieldRefused,
  groupNotFound,
  invalidTransition,
  notGroupOwner,
  sessionExists,
  sessionNotFound,
} from './lotto-party.errors.ts';
import { displayName, sessionView } from './lotto-party.view.ts';
import { type SessionDrawsRepository, sessionDrawsRepository } from './session-draws.repository.ts';
import { type SessionRecord, sessionsRepository } from './sessions.repository.ts';

type Page = { limit: number; offset: number };

/** Session answers for `me`, with every member's holding, read in one more query. */
export async function sessionViews(
  db: DbOrTx,
  records: readonly SessionRecord[],
  me: string,
): Promise<Session[]> {
  const holdings = await sessionsRepository(db).holdingsOf(records.map((r) => r.session.id));
  const mine = await groupsRepository(db).groupsAmong(
    records.map((r) => r.session.groupId),
    me,
  );
  return records.map((r) => sessionView(r, holdings, me, mine.has(r.session.groupId)));
}

async function oneSession(db: DbOrTx, record: SessionRecord, me: string): Promise<Session> {
  const [view] = await sessionViews(db, [record], me);
  if (!view) throw sessionNotFound();
  return view;
}

/** The share price and count of a new session, or the field they are refused on. */
function sessionTerms(body: CreateSessionBody): { sharePriceCents: number; totalShares: number } {
  if (body.sharePrice.currency !== 'AUD') {
    throw fieldRefused('share_price', 'A share price is in Australian dollars (AUD).');
  }
  const price = sharePriceCents(body.sharePrice.amount);
  if ('error' in price) throw fieldRefused('share_price', price.error);
  const sharesRefusal = totalSharesRefusal(body.totalShares);
  if (sharesRefusal) throw fieldRefused('total_shares', sharesRefusal);
  return { sharePriceCents: price.cents, totalShares: body.totalShares };
}

/** The lottery draw a session may open on (on sale as the catalogue lists it) and the offer its pot buys. */
async function drawOnSale(repo: SessionDrawsRepository, drawId: string, at: Date) {
  const found = await repo.drawById(drawId);
  if (found?.draw.type !== 'lottery_ticket_draw' || found.offerType !== 'lottery_ticket')
    throw drawNotFound();
  const onSale = purchasableDraws(await repo.openDraws([found.draw.productOfferKey], at), at);
  if (!onSale.some(({ draw }) => draw.id === found.draw.id)) throw drawClosed();
  const [offer] = await repo.sessionOffers([found.draw.productOfferKey]);
  if (!offer) throw drawNotFound();
  return { draw: found.draw, offer };
}

/** Every other member's feed entry about a session just opened (once each, by its source key). */
async function tellMembersOpened(
  tx: DbOrTx,
  opened: { sessionId: string; groupId: string; groupName: string; offerName: string; drawNo: number },
  openerId: string,
) {
  const members = await groupsRepository(tx).membersOf([opened.groupId]);
  const opener = members.find((m) => m.customerId === openerId);
  const notice = lottoPartyOpenedNotice({ ...opened, openedBy: opener ? displayName(opener) : 'A member' });
  await feedEntries(tx).addMany(
    members
      .filter((m) => m.customerId !== openerId)
      .map((m) => ({
        customerId: m.customerId,
        sourceKey: `lotto-party-opened:${opened.sessionId}`,
        notice,
      })),
  );
}

export function createSessionsService(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;

  /** The session when `me` may read it: a member of its group, or anyone for a promoted or public group. */
  async function readable(sessionId: string, me: string) {
    const record = await sessionsRepository(db).session(sessionId);
    if (!record) throw sessionNotFound();
    if (
      record.publicityStatus === 'private' &&
      !(await groupsRepository(db).isMember(record.session.groupId, me))
    ) {
      throw sessionNotFound();
    }
    return record;
  }

  return {
    async create(customerId: string, body: CreateSessionBody): Promise<Session> {
      const terms = sessionTerms(body);
      const sessionId = await db.transaction(async (tx) => {
        const group = await groupsRepository(tx).memberGroup(body.groupId, customerId, true);
        if (!group) throw groupNotFound();
        const at = now();
        const { draw, offer } = await drawOnSale(sessionDrawsRepository(tx), body.drawId, at);
        const made = await sessionsRepository(tx).createSession({
          groupId: group.id,
          drawId: draw.id,
          productOfferKey: offer.offerKey,
          gameOffer: offer.gameOffer,
          sharePriceCents: terms.sharePriceCents,
          totalShares: terms.totalShares,
          autosessionStatus: body.autosessionStatus,
          createdBy: customerId,
          createdAt: at,
        });
        if (!made.ok) throw sessionExists();
        if (body.inviteAllExistingMembers) {
          const opened = {
            sessionId: made.session.id,
            groupId: group.id,
            groupName: group.name,
            offerName: offer.offerName,
            drawNo: draw.drawNo,
          };
          await tellMembersOpened(tx, opened, customerId);
        }
        return made.session.id;
      });
      return this.get(customerId, sessionId);
    },

    async get(customerId: string, sessionId: string): Promise<Session> {
      return oneSession(db, await readable(sessionId, customerId), customerId);
    },

    /**
     * Autosession on, paused or off; the group's owner only (a member: 403, anyone else: 404),
     * while the session is open.
     */
    async editAutosession(customerId: string, sessionId: string, to: AutosessionStatus): Promise<Session> {
      await db.transaction(async (tx) => {
        const sessions = sessionsRepository(tx);
        const record = await sessions.session(sessionId, true);
        if (!record || !(await groupsRepository(tx).isMember(record.session.groupId, customerId)))
          throw sessionNotFound();
        if (record.ownerId !== customerId) {
          throw notGroupOwner("Only the group's owner can change its autosession.");
        }
        const from = record.session.autosessionStatus;
        if (record.session.status !== 'open') {
          throw new AppError(
            422,
            'session_closed',
            'This session is closed: its autosession can no longer change.',
          );
        }
        if (!canMoveAutosession(from, to)) {
          throw invalidTransition(`Autosession cannot go from ${from} to ${to}.`);
        }
        if (from !== to) await sessions.setAutosession(record.session.id, to);
      });
      return this.get(customerId, sessionId);
    },

    async ofGroup(
      customerId: string,
      groupId: string,
      page: Page,
    ): Promise<{ items: Session[]; pageInfo: PageInfo }> {
      const group = await groupsRepository(db).memberGroup(groupId, customerId);
      if (!group) throw groupNotFound();
      const { rows, total } = await sessionsRepository(db).sessionsOfGroup(group.id, page);
      return { items: await sessionViews(db, rows, customerId), pageInfo: { ...page, total } };
    },

    async openOfGroup(customerId: string, groupId: string): Promise<Session> {
      const group = await groupsRepository(db).memberGroup(groupId, customerId);
      if (!group) throw groupNotFound();
      const [open] = await sessionsRepository(db).openSessionsOf([group.id]);
      if (!open) throw sessionNotFound();
      return oneSession(db, open, customerId);
    },

    async discover(
      customerId: string,
      page: Page,
      drawId?: string,
    ): Promise<{ items: Session[]; pageInfo: PageInfo }> {
      if (drawId !== undefined && !(await sessionDrawsRepository(db).drawById(drawId))) throw drawNotFound();
      const { rows, total } = await sessionsRepository(db).discover(now(), page, drawId);
      return { items: await sessionViews(db, rows, customerId), pageInfo: { ...page, total } };
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
