import { RouterContextProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiEnvelope, api } from '../../lib/api.server';
import { readVisitor, visitorContext } from '../../lib/visitor.server';
import { action, loader } from './mailbox';

function args(method: 'GET' | 'POST') {
  const request = new Request('http://shop.example/dev/mailbox', { method });
  const context = new RouterContextProvider();
  context.set(visitorContext, readVisitor(request).visitor);
  return { request, context, params: {}, url: new URL(request.url), pattern: '/dev/mailbox' };
}

async function statusOf(work: Promise<unknown>): Promise<number | 'answered'> {
  try {
    await work;
    return 'answered';
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status ?? -1;
  }
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('/dev/mailbox on the shop', () => {
  it('is not found in a development run without DEV_MAILBOX=1, and never asks the API', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    vi.stubEnv('DEV_MAILBOX', '');
    const rootRequest = vi.spyOn(api, 'rootRequest');
    expect(await statusOf(loader(args('GET')))).toBe(404);
    expect(await statusOf(action(args('POST')))).toBe(404);
    expect(rootRequest).not.toHaveBeenCalled();
  });

  it('shows what the API caught with DEV_MAILBOX=1', async () => {
    vi.stubEnv('DEV_MAILBOX', '1');
    vi.spyOn(api, 'rootRequest').mockResolvedValue({
      result: {
        messages: [{ id: 1, to: ['a@example.com'], subject: 'Hi', text: 'Code 1', receivedAt: 'x' }],
      },
      messages: [],
    } as unknown as ApiEnvelope<never>);
    const data = await loader(args('GET'));
    expect(data.messages.map((m) => m.subject)).toEqual(['Hi']);
  });
});
