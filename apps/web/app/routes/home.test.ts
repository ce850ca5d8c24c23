/**
 * The home page's feature placement: shown when the placement service names an offer, absent (and
 * the page still served) when it answers 204 or fails.
 */
import type { ProductOffer } from '@drawhouse/contract';
import { RouterContextProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../lib/api.server';
import type { Site } from '../lib/site.server';
import { readVisitor, visitorContext } from '../lib/visitor.server';

/** What the home page's cards read of an offer (the rest of a ProductOffer is not read). */
const offer = {
  ...{ key: 'powerball', name: 'Powerball', type: 'lottery_ticket', displayCategory: 'lotto', ranking: 1 },
  ...{ availability: 'available', suspended: false, restrictions: [], draws: [], gameTypes: [], causes: [] },
} as unknown as ProductOffer;

const site = (capabilities: string[]): Site =>
  ({
    config: { siteName: 'Drawhouse' },
    theme: {},
    content: {},
    pricing: 'default',
    segmentName: 'default',
    capabilities,
    offers: [offer],
  }) as unknown as Site;

let current = site(['placements']);
vi.mock('../lib/site.server', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/site.server')>()),
  loadSite: async () => current,
}));

const { loader } = await import('./home');

let device = 0;
async function home() {
  // A visitor of their own each time: placements are kept per visitor.
  device += 1;
  const request = new Request('http://shop.example/', {
    headers: { Cookie: `device_id=home-test-${device}` },
  });
  const { visitor } = readVisitor(request);
  const context = new RouterContextProvider();
  context.set(visitorContext, visitor);
  return loader({ request, context, params: {}, url: new URL(request.url), pattern: '/' } as never);
}

function placementAnswers(answer: () => unknown) {
  const get = vi.spyOn(api, 'get').mockImplementation(async (_schema, _service, path) => {
    if (path !== '/placement') throw new Error(`unexpected call ${path}`);
    return answer();
  });
  return get;
}

afterEach(() => {
  vi.restoreAllMocks();
  current = site(['placements']);
});

describe('home loader', () => {
  it('features the offer the placement service names, with why', async () => {
    const get = placementAnswers(() => ({
      placements: [{ key: 'feature_placement', productOfferKey: 'powerball', reason: 'highest_jackpot' }],
    }));
    const data = await home();
    expect(data.featured?.card.key).toBe('powerball');
    expect(data.featured?.reason).toBe('highest_jackpot');
    expect(get.mock.calls[0]?.[3]?.query).toMatchObject({
      branding_key: 'drawhouse',
      keys: 'feature_placement',
      segment_device_id: expect.stringMatching(/^home-test-/),
    });
  });

  it('renders without a placement when the service answers 204 (an empty list)', async () => {
    placementAnswers(() => undefined);
    const data = await home();
    expect(data.featured).toBeNull();
    expect(JSON.parse(data.listing).offers.map((o: { key: string }) => o.key)).toEqual(['powerball']);
  });

  it('renders without a placement when the call fails', async () => {
    for (const failure of [
      new ApiError({ status: 500, code: 'http_500', message: 'down', url: '/v2/placement' }),
      new ApiError({ status: 408, code: 'network_error', message: 'unreachable', url: '/v2/placement' }),
      new Response('{}', { status: 503 }),
    ]) {
      placementAnswers(() => {
        throw failure;
      });
      const data = await home();
      expect(data.featured).toBeNull();
      expect(JSON.parse(data.listing).offers).toHaveLength(1);
      vi.restoreAllMocks();
    }
  });

  it('asks nothing of a site without the placements capability', async () => {
    current = site([]);
    const get = placementAnswers(() => ({ placements: [] }));
    expect((await home()).featured).toBeNull();
    expect(get).not.toHaveBeenCalled();
  });
});
