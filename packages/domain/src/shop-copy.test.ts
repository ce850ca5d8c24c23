import { describe, expect, it } from 'vitest';
import { ERROR_PAGE_COPY } from './error-pages.ts';
import { SHOP_COPY, shopCopy, translationGroup, translationGroups } from './shop-copy.ts';

describe('shop copy', () => {
  it("is the shop's own wording without translations", () => {
    const copy = shopCopy(() => undefined);
    expect(copy).toEqual(SHOP_COPY);
    expect(copy['errors.notFound.text']).toBe(ERROR_PAGE_COPY.notFound.text);
  });

  it('takes a translation where there is one, never an empty one', () => {
    const values: Record<string, string> = {
      'footer.paymentMethods': 'We take payment by:',
      'support.chat': '',
    };
    const copy = shopCopy((id) => values[id]);
    expect(copy['footer.paymentMethods']).toBe('We take payment by:');
    expect(copy['support.chat']).toBe(SHOP_COPY['support.chat']);
  });

  it("groups an id by its first part, the translations' category", () => {
    expect(translationGroup('errors.notFound.title')).toBe('errors');
    expect(translationGroups(Object.keys(SHOP_COPY))).toEqual(['errors', 'footer', 'support']);
  });
});
