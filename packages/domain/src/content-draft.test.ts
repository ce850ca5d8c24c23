import { describe, expect, it } from 'vitest';
import { bannerErrors, isBannerLink, navigationErrors, pageErrors } from './content-draft.ts';

describe('the sitewide banner drafted in the back office', () => {
  it('needs its text when shown, and a link of the shop or an https address', () => {
    expect(bannerErrors({ text: 'Raffle closes Sunday', link: '/raffles', shown: true })).toEqual({});
    expect(bannerErrors({ text: '', link: null, shown: false })).toEqual({});
    expect(Object.keys(bannerErrors({ text: ' ', link: null, shown: true }))).toEqual(['text']);
    expect(Object.keys(bannerErrors({ text: 'x'.repeat(201), link: null, shown: false }))).toEqual(['text']);
    expect(isBannerLink('https://example.org.au/a')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      '//evil.example',
      '/\\evil.example',
      'https://example.org.au\\@evil.example',
      'http://example.org',
      'raffles',
      '/a b',
    ]) {
      expect(isBannerLink(bad), bad).toBe(false);
    }
  });
});

describe('a CMS page drafted in the back office', () => {
  it('needs a title and blocks with their text', () => {
    const blocks = [{ type: 'heading' as const, text: 'About' }];
    expect(pageErrors({ title: 'About us', metaDescription: '', blocks })).toEqual({});
    expect(Object.keys(pageErrors({ title: 'A', metaDescription: '', blocks: [] }))).toEqual([
      'title',
      'blocks',
    ]);
    expect(
      pageErrors({ title: 'About', metaDescription: '', blocks: [{ type: 'list', items: ['one', ''] }] })
        .blocks,
    ).toEqual([{ code: 'invalid_block', message: 'Block 1: write its text (at most 5000 characters).' }]);
  });
});

describe('the navigation drafted in the back office', () => {
  const item = (label: string, url: string | null, type = 'internal', hidden = false) => ({
    type,
    label,
    url,
    hidden,
  });
  const shop = [
    item('Lotto', '/lotto-tickets', 'lotto'),
    item('Raffles', null, 'raffle'),
    item('Help', '/about/faq'),
    item('Blog', 'https://blog.example.org.au', 'external', true),
  ];

  it('takes labelled items with links of the shop or https addresses; drawer items may have no link', () => {
    expect(navigationErrors(shop)).toEqual({});
  });

  it('needs a label of at most 40 characters and a link for a plain item', () => {
    const errors = navigationErrors([
      item(' ', '/a'),
      item('x'.repeat(41), '/b'),
      item('No link', ''),
      item('Help', '/c'),
      item('y'.repeat(40), '/d'),
    ]);
    expect(errors).toEqual({
      'primary.0.label': [{ code: 'required', message: 'Write its label.' }],
      'primary.1.label': [{ code: 'too_long', message: 'A label is at most 40 characters.' }],
      'primary.2.url': [
        {
          code: 'required',
          message: 'Give its link: a path of the shop, such as /raffles, or an https:// address.',
        },
      ],
    });
  });

  it('refuses a link that is not a path of the shop or an https address', () => {
    for (const bad of ['javascript:alert(1)', '//evil.example', 'http://example.org', 'raffles', '/a b']) {
      expect(Object.keys(navigationErrors([item('Bad', bad)])), bad).toEqual(['primary.0.url']);
    }
    expect(Object.keys(navigationErrors([item('Lotto', 'lotto', 'lotto')]))).toEqual(['primary.0.url']);
  });

  it('refuses two items linking to the same place, marking the later one', () => {
    const errors = navigationErrors([
      item('Help', '/about/faq'),
      item('FAQ', '/about/FAQ '),
      item('Other', '/x'),
    ]);
    expect(errors).toEqual({
      'primary.1.url': [{ code: 'duplicate_link', message: 'Another item already links here.' }],
    });
  });

  it('holds at most 12 items and never leaves the header empty', () => {
    const many = Array.from({ length: 13 }, (_, i) => item(`Item ${i}`, `/item-${i}`));
    expect(Object.keys(navigationErrors(many))).toEqual(['primary']);
    expect(navigationErrors(many.slice(0, 12))).toEqual({});
    expect(navigationErrors([])).toEqual({
      primary: [{ code: 'empty_header', message: 'Show at least one item: the header is never empty.' }],
    });
    expect(Object.keys(navigationErrors([item('Help', '/about/faq', 'internal', true)]))).toEqual([
      'primary',
    ]);
  });
});
