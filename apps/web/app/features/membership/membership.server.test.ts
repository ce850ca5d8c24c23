import { beforeEach, describe, expect, it, vi } from 'vitest';
import { customerRequest } from '../../lib/customer.server';
import type { Visitor } from '../../lib/visitor.server';
import { giveawaysPage, loadGiveaway } from './membership.server';

vi.mock('../../lib/customer.server', () => ({
  customerGet: vi.fn(),
  customerRequest: vi.fn(async () => ({
    result: [],
    pageInfo: { offset: 0, limit: 9, total: 20 },
    messages: [],
  })),
}));

const visitor = { signedIn: true } as Visitor;

async function status(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status;
  }
}

describe("the customer's giveaway lists", () => {
  beforeEach(() => vi.clearAllMocks());

  it('read 9 a page, offset by the page, and count the pages from the total', async () => {
    const page = await giveawaysPage(visitor, 'closed', 3);
    expect(customerRequest).toHaveBeenCalledWith(expect.anything(), visitor, '/v3/giveaways', {
      service: 'rewards',
      query: { state: 'closed', limit: 9, offset: 18 },
    });
    expect(page).toMatchObject({ page: 3, pages: 3, total: 20 });
  });

  it('answer the 404 page past the last page and for page 0, without asking for page 0', async () => {
    expect(await status(giveawaysPage(visitor, 'current', 4))).toBe(404);
    vi.mocked(customerRequest).mockClear();
    expect(await status(giveawaysPage(visitor, 'current', 0))).toBe(404);
    expect(customerRequest).not.toHaveBeenCalled();
  });
});

describe('a giveaway page', () => {
  it('is the 404 page for an unknown type or a number that is not one, before asking the API', async () => {
    expect(await status(loadGiveaway(visitor, 'weekly', '1'))).toBe(404);
    expect(await status(loadGiveaway(visitor, 'daily', '0'))).toBe(404);
    expect(await status(loadGiveaway(visitor, 'daily', '1e3'))).toBe(404);
  });
});
