/**
 * The support page offers "Chat Online" exactly when the site config says chat is available now (the
 * API answers that from the operator's switch and the chat team's hours), and never otherwise.
 */
import { SUPPORT_COPY } from '@drawhouse/domain';
import { RouterContextProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Site } from '../lib/site.server';
import { readVisitor, visitorContext } from '../lib/visitor.server';

const site = (chatAvailable: boolean): Site =>
  ({
    config: {
      siteName: 'Drawhouse',
      support: {
        supportNumber: '1300 000 000',
        supportOpeningHours: '',
        supportOpeningHoursList: ['Monday to Friday: 9am - 5pm'],
        chatAvailable,
        email: 'help@drawhouse.example',
      },
    },
    theme: {},
    content: {},
    pricing: 'default',
    segmentName: 'default',
    capabilities: [],
    offers: [],
  }) as unknown as Site;

let current = site(false);
vi.mock('../lib/site.server', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/site.server')>()),
  loadSite: async () => current,
}));

const { loader } = await import('./your-support');

async function supportPage() {
  const request = new Request('http://shop.example/your-support');
  const context = new RouterContextProvider();
  context.set(visitorContext, readVisitor(request).visitor);
  return loader({
    request,
    context,
    params: {},
    url: new URL(request.url),
    pattern: '/your-support',
  } as never);
}

describe('/your-support', () => {
  it('offers Chat Online while chat is available', async () => {
    current = site(true);
    const { view } = await supportPage();
    expect(view.channels.map((c) => [c.kind, c.label])).toEqual([
      ['phone', '1300 000 000'],
      ['email', SUPPORT_COPY.email],
      ['chat', SUPPORT_COPY.chat],
    ]);
  });

  it('leaves it out while chat is not available', async () => {
    current = site(false);
    const { view } = await supportPage();
    expect(view.channels.map((c) => c.kind)).toEqual(['phone', 'email']);
  });
});
