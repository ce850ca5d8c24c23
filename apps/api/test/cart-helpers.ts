/** Cart calls as the storefront sends them (API version 3.3), shared by the cart test files. */
import type { LotteryItemPayload } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from './accounts-helpers.ts';

type Opts = { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown; token?: string };

export function cartCalls(app: FastifyInstance) {
  const cartCall = (url: string, opts: Opts = {}) =>
    call(app, url, { ...opts, headers: { 'x-api-version': '3.3' } });
  const newAnonCart = async (): Promise<string> => {
    const res = await cartCall('/v2/anon-cart', { method: 'POST' });
    expect(res.statusCode).toBe(201);
    return res.json().result.cart_token as string;
  };
  return { cartCall, newAnonCart };
}

/** Integer cents of a wire money value. */
export const cents = (money: { amount: number }) => Math.round(money.amount * 100);

/** One standard Powerball game for the next draw: the plainest valid lottery item. */
export const PB_ITEM = {
  lottery: 'powerball',
  game_type: 'standard',
  game_offer: 'powerball-standard',
  games: [{ numbers: [1, 2, 3, 4, 5, 6, 7], powerball: 8 }],
  num_draws: 1,
};

/** A stored lottery item's payload (one Powerball game for the next draw), for items a test writes directly. */
export function lotteryPayload(overrides: Partial<LotteryItemPayload> = {}): LotteryItemPayload {
  return {
    gameType: 'standard',
    gameOffer: 'powerball-standard',
    description: 'Powerball: 1 game',
    purchaseStatus: 'open',
    drawDate: new Date(Date.now() + 86_400_000).toISOString(),
    games: [{ numbers: [1, 2, 3, 4, 5, 6, 7], powerball: [8] }],
    quickpick: false,
    numGames: 1,
    day: null,
    causeKey: null,
    ...overrides,
  };
}
