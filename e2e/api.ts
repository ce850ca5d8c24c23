import { createHash } from 'node:crypto';

const apiUrl = () => `http://127.0.0.1:${process.env.E2E_API_PORT}`;

type WireDraw = {
  draw_no: number;
  draw_date: string;
  stop: string;
  prize_pool: { amount: number; currency: string } | null;
  prize_pool_suffix: string | null;
  is_prize_pool_unknown: boolean;
  purchase_status: string;
};
export type WireOffer = {
  key: string;
  name: string;
  type: string;
  display_category: string;
  draws: WireDraw[];
};

/** Reads the catalogue straight from the API, so a test can say what the page should show. */
export async function productOffers(pricing = 'default'): Promise<WireOffer[]> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const secret = process.env.WEB_APP_SECRET ?? 'dev-web-secret-change-me';
  const signature = createHash('sha256').update(`drawhouse-web${timestamp}${secret}`).digest('hex');
  const res = await fetch(`${apiUrl()}/v2/pricing/${pricing}/product_offers`, {
    headers: {
      'x-api-version': '3.9',
      'x-app-key': 'drawhouse-web',
      'x-timestamp': timestamp,
      'x-signature': signature,
    },
  });
  if (!res.ok) throw new Error(`product offers answered ${res.status}`);
  const body = (await res.json()) as { result: { offers: WireOffer[] } };
  return body.result.offers;
}
