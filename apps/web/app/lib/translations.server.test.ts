import type { Translation } from '@drawhouse/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api.server';
import {
  createTranslationLoader,
  type FetchGroups,
  groupLifetimeMs,
  translationsOf,
} from './translations.server';

const row = (id: string, value: string): Translation => ({
  id,
  category: id.split('.')[0] ?? id,
  type: 'text',
  value,
});

const STORE: Record<string, Translation[]> = {
  'en-GB': [
    row('footer.paymentMethods', 'We take payment by:'),
    row('errors.notFound.text', 'A wrong turning.'),
  ],
};

/** A fake API: the rows of the asked groups, and every request it got. */
function fakeApi(store = STORE) {
  const requests: { locale: string; groups: readonly string[] }[] = [];
  const fetchGroups: FetchGroups = async (locale, groups) => {
    requests.push({ locale, groups });
    return (store[locale] ?? []).filter((r) => groups.includes(r.category));
  };
  return { requests, fetchGroups };
}

describe('translationsOf', () => {
  it('looks an id up, with the fallback for a missing or empty translation', () => {
    const t = translationsOf('en-GB', [
      new Map([
        ['a.one', 'One'],
        ['a.empty', ' '],
      ]),
    ]);
    expect(t.t('a.one', 'fallback')).toBe('One');
    expect(t.t('a.missing', 'fallback')).toBe('fallback');
    expect(t.t('a.empty', 'fallback')).toBe('fallback');
    expect(t.get('a.missing')).toBeUndefined();
  });
});

describe('createTranslationLoader', () => {
  it('fetches the groups asked for together in one request, and each group once while it is fresh', async () => {
    const api = fakeApi();
    const loader = createTranslationLoader(api.fetchGroups);
    const [shell, page] = await Promise.all([
      loader.load('en-GB', ['errors', 'footer']),
      loader.load('en-GB', ['footer', 'support']),
    ]);
    expect(api.requests).toEqual([{ locale: 'en-GB', groups: ['errors', 'footer', 'support'] }]);
    expect(shell.t('footer.paymentMethods', 'x')).toBe('We take payment by:');
    expect(shell.t('errors.notFound.text', 'x')).toBe('A wrong turning.');
    expect(page.t('support.heading', 'Default heading')).toBe('Default heading');
    const again = await loader.load('en-GB', ['errors', 'footer']);
    expect(api.requests).toHaveLength(1);
    expect(again.groups[0]).toBe(shell.groups[0]);
  });

  it('asks again after a group expires, and keeps an unchanged group as it was', async () => {
    let now = 0;
    const api = fakeApi();
    const loader = createTranslationLoader(api.fetchGroups, { now: () => now });
    const first = await loader.load('en-GB', ['footer']);
    now += groupLifetimeMs('footer') * 3;
    const second = await loader.load('en-GB', ['footer']);
    expect(api.requests).toHaveLength(2);
    expect(second.groups[0]).toBe(first.groups[0]);
  });

  it('keeps the SEO, navigation and components groups a day, the others a minute', () => {
    expect(groupLifetimeMs('seo')).toBe(24 * 60 * 60 * 1000);
    expect(groupLifetimeMs('navigation')).toBe(24 * 60 * 60 * 1000);
    expect(groupLifetimeMs('footer')).toBe(60 * 1000);
  });

  it('forgets every group when cleared', async () => {
    const api = fakeApi();
    const loader = createTranslationLoader(api.fetchGroups);
    await loader.load('en-GB', ['footer']);
    loader.clear();
    await loader.load('en-GB', ['footer']);
    expect(api.requests).toHaveLength(2);
  });

  it('answers empty groups (the default wording) when the API fails, and asks again next time', async () => {
    let fail = true;
    const requests: string[] = [];
    const loader = createTranslationLoader(async (locale, groups) => {
      requests.push(locale);
      if (fail)
        throw new ApiError({ status: 500, code: 'internal', message: 'down', url: 'http://api.test' });
      return STORE[locale]?.filter((r) => groups.includes(r.category)) ?? [];
    });
    const failed = await loader.load('en-GB', ['footer']);
    expect(failed.t('footer.paymentMethods', 'Default')).toBe('Default');
    fail = false;
    const ok = await loader.load('en-GB', ['footer']);
    expect(ok.t('footer.paymentMethods', 'Default')).toBe('We take payment by:');
    expect(requests).toHaveLength(2);
  });
});
