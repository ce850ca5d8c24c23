import type { APIResponse } from '@playwright/test';
import { expect, type Page } from './fixtures.ts';

export type CartAnswer = {
  ok: boolean;
  cart: { cartItems: { id: string }[]; cartTotal: { amount: number; currency: string } };
};

export const AUD = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

/** An item body posted to /cart/add the way the buy panels' fetcher sends it; the post succeeds. */
export async function postCartItem(page: Page, item: Record<string, unknown>): Promise<APIResponse> {
  const response = await page.request.post('/cart/add', {
    form: { item: JSON.stringify(item) },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(200);
  return response;
}

/** A Powerball standard quick pick of `games` games (default: one), posted the way the play panel's fetcher sends it. */
export async function postQuickPick(page: Page, games?: number): Promise<CartAnswer> {
  const item = {
    lottery: 'powerball',
    game_type: 'standard',
    game_offer: 'powerball-standard',
    games: [{ numbers: [null, null, null, null, null, null, null], powerball: null }],
    quickpick: true,
    ...(games === undefined ? {} : { num_games: games }),
    num_draws: 1,
  };
  const response = await postCartItem(page, item);
  const answer = (await response.json()) as CartAnswer;
  expect(answer.ok).toBe(true);
  return answer;
}
