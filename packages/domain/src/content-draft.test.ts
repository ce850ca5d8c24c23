import { describe, expect, it } from 'vitest';
import { bannerErrors, isBannerLink, pageErrors } from './content-draft.ts';

describe('the sitewide banner drafted in the back office', () => {
  it('needs its text when shown, and a link of the shop or an https address', () => {
    expect(bannerErrors({ text: 'Raffle closes Sunday', link: '/raffles', shown: true })).toEqual({});
    expect(bannerErrors({ text: '', link: null, shown: false })).toEqual({});
    expect(Object.keys(bannerErrors({ text: ' ', link: null, shown: true }))).toEqual(['text']);
    expect(Object.keys(bannerErrors({ text: 'x'.repeat(201), link: null, shown: false }))).toEqual(['text']);
    expect(isBannerLink('https://example.org.au/a')).toBe(true);
    for (const bad of ['javascript:alert(1)', '//evil.example', 'http://example.org', 'raffles', '/a b']) {
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
