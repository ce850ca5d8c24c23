import { describe, expect, it } from 'vitest';
import { CHAT_HREF, supportChannels } from './support-channels.ts';

const support = { supportNumber: '1300 000 000', email: 'help@drawhouse.example', chatAvailable: false };

describe('supportChannels', () => {
  it('offers phone and email, and no chat while chat is not available', () => {
    expect(supportChannels(support)).toEqual([
      { kind: 'phone', label: '1300 000 000', href: 'tel:1300000000' },
      { kind: 'email', label: 'Email us', href: 'mailto:help@drawhouse.example' },
    ]);
  });

  it('offers Chat Online while chat is available', () => {
    expect(supportChannels({ ...support, chatAvailable: true }).at(-1)).toEqual({
      kind: 'chat',
      label: 'Chat Online',
      href: CHAT_HREF,
    });
  });

  it('leaves out a channel the site has no details for', () => {
    expect(supportChannels({ supportNumber: '', email: ' ', chatAvailable: false })).toEqual([]);
  });
});
