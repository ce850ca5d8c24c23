/**
 * `GET /v2/orders/social_syndicate_session/{id}`: the signed-in member's orders of shares in a lotto
 * party session, newest first, each with its refund and prize part once the close and the
 * settlement have written them. A session of a group the customer is not a member of (or none) is
 * 404, as every private lotto party read.
 */
import type { SessionOrder } from '@drawhouse/contract';
import type { DbOrTx } from '@drawhouse/db';
import { centsToMoney } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { lottoPartyMoney } from '../lotto-party/index.ts';
import { isUuid } from '../results/index.ts';

const sessionNotFound = () => new AppError(404, 'session_not_found', 'There is no such lotto party session.');

const moneyOrNull = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? null : centsToMoney(cents);

export async function sessionOrders(
  db: DbOrTx,
  customerId: string,
  sessionId: string,
  showDetails: boolean,
): Promise<SessionOrder[]> {
  const repo = lottoPartyMoney(db);
  const found = isUuid(sessionId) ? await repo.sessionOfMember(sessionId, customerId) : undefined;
  if (!found) throw sessionNotFound();
  const { session, group, draw, offerName } = found;
  const details = showDetails
    ? {
        groupName: group.name,
        offerName,
        drawNo: draw.drawNo,
        drawDate: draw.drawAt.toISOString(),
        sharePrice: centsToMoney(session.sharePriceCents),
        totalShares: session.totalShares,
        sharesSold: session.sharesSold,
        games: session.games,
        sessionPrize: moneyOrNull(session.prizeCents),
      }
    : null;
  const rows = await repo.ordersInSession(sessionId, customerId);
  return rows.map(({ order, share }) => ({
    id: order.id,
    checkoutId: order.checkoutId,
    createdAt: order.createdAt.toISOString(),
    sessionId,
    description: order.description,
    numShares: share?.shares ?? 0,
    total: centsToMoney(order.totalCents),
    sessionStatus: session.status,
    refund: moneyOrNull(share?.refundCents),
    prize: moneyOrNull(share?.prizeCents),
    details,
  }));
}
