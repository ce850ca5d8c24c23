/**
 * Lotto party shares as the cart accepts them: a `syndicate_share` item of game type `lotto_party`
 * on the session's offer and draw, priced shares x the session's share price (never from the body).
 * The session must be open with its draw still taking entries (400 `draw_closed`), have the shares
 * left after the `held` shares of it the cart already holds (400 `sold_out`), and, for a private
 * group, the customer must be a member (404 `session_not_found`, as for no session at all).
 */
import type { LottoPartyItemBody } from '@drawhouse/contract';
import { cartItemDescription, sharesCost, sharesLeft } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import type { LottoPartySessionForCart } from '../lotto-party/index.ts';
import { fail, INT4_MAX } from './cart.lottery-item.ts';
import type { CartItemInsert, CartItemRow } from './cart.repository.ts';

export const sessionNotFound = () =>
  new AppError(404, 'session_not_found', 'There is no such lotto party session.');

const sessionClosed = () =>
  new AppError(400, 'draw_closed', 'This session has closed: its draw is no longer taking entries.', {
    session_id: [{ code: 'draw_closed', message: 'This session has closed.' }],
  });

function soldOut(left: number) {
  const message =
    left <= 0
      ? 'This session has sold out.'
      : `Only ${left} ${left === 1 ? 'share is' : 'shares are'} left in this session.`;
  const field = left <= 0 ? 'session_id' : 'num_shares';
  return new AppError(400, 'sold_out', message, { [field]: [{ code: 'sold_out', message }] });
}

/** The shares of one session the items hold. */
export function heldOfSession(items: readonly CartItemRow[], sessionId: string): number {
  let held = 0;
  for (const item of items) {
    if (item.productType === 'syndicate_share' && item.payload.gameType === 'lotto_party') {
      if (item.payload.sessionId === sessionId) held += item.payload.numShares * item.quantity;
    }
  }
  return held;
}

export function buildLottoPartyItem(
  found: LottoPartySessionForCart | undefined,
  body: LottoPartyItemBody,
  options: { now: Date; held: number },
): CartItemInsert {
  if (!found) throw sessionNotFound();
  const { session, group, draw } = found;
  if (group.publicityStatus === 'private' && !found.isMember) throw sessionNotFound();
  if (session.status !== 'open' || draw.status !== 'DRAW_OPEN' || draw.stopAt <= options.now) {
    throw sessionClosed();
  }
  const left = sharesLeft(session) - options.held;
  if (body.numShares > left) throw soldOut(left);
  const unitPriceCents = sharesCost(body.numShares, session.sharePriceCents);
  if (unitPriceCents > INT4_MAX) throw fail('num_shares', 'This entry is too large.', 'too_large');
  return {
    productOfferKey: session.productOfferKey,
    productType: 'syndicate_share',
    drawId: draw.id,
    firstDrawNo: draw.drawNo,
    numDraws: 1,
    quantity: 1,
    unitPriceCents,
    payload: {
      gameType: 'lotto_party',
      numShares: body.numShares,
      offerName: found.offerName,
      sessionId: session.id,
      groupName: group.name,
      // Shares are bought at checkout whatever the draw's place in the offer's list.
      purchaseStatus: 'open',
      description: cartItemDescription({
        kind: 'lotto_party',
        groupName: group.name,
        numShares: body.numShares,
      }),
      drawDate: draw.drawAt.toISOString(),
    },
    recurringPurchase: null,
    affiliateCode: body.affiliateCode ?? null,
  };
}
