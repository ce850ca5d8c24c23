import { describe, expect, it } from 'vitest';
import { navForCart, type ShellNavItem } from './shell';

const nav: ShellNavItem[] = [
  {
    type: 'lotto',
    label: 'Lotto',
    href: '/lotto-tickets',
    links: [{ label: 'Powerball', href: '/powerball' }],
  },
  { type: 'raffle', label: 'Raffles', href: '/charity-tickets', links: [] },
  {
    type: 'social_play',
    label: 'Syndicates',
    href: '/syndicates',
    links: [{ label: 'Lotto Party', href: '/lotto-party' }],
  },
  { type: 'internal', label: 'Help', href: '/about/faq' },
];

describe('navForCart', () => {
  it('keeps every drawer opener while the cart holds nothing that changes them', () => {
    expect(navForCart(nav, undefined)).toBe(nav);
    expect(navForCart(nav, [])).toBe(nav);
  });

  it('makes the lotto item a straight link while the cart holds a lottery ticket', () => {
    const out = navForCart(nav, ['lottery_ticket']);
    expect(out[0]).toEqual({ type: 'lotto', label: 'Lotto', href: '/lotto-tickets' });
    expect(out[1]).toBe(nav[1]);
    expect(out[2]).toBe(nav[2]);
  });

  it('makes the social play item a straight link while the cart holds a syndicate share', () => {
    const out = navForCart(nav, ['syndicate_share', 'lottery_ticket']);
    expect(out[2]).toEqual({ type: 'social_play', label: 'Syndicates', href: '/syndicates' });
    expect(out[0]?.links).toBeUndefined();
    expect(out[3]).toBe(nav[3]);
  });

  it('leaves an item with no page of its own a drawer opener', () => {
    const noPage: ShellNavItem[] = [{ type: 'lotto', label: 'Lotto', href: null, links: [] }];
    expect(navForCart(noPage, ['lottery_ticket'])).toEqual(noPage);
  });
});
