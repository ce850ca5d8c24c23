/**
 * The shop's copy that comes from the translations, by translation id, with its wording in the
 * site's default locale (en-AU): the page-scoped group of an id is its first part (`errors`,
 * `footer`, `support`). A locale without an id shows this wording.
 */
import { ERROR_PAGE_COPY } from './error-pages.ts';
import { SUPPORT_COPY } from './support-channels.ts';

export const PAYMENT_METHODS_HEADING = 'We accept these payment methods:';

export const SHOP_COPY = {
  'errors.notFound.title': ERROR_PAGE_COPY.notFound.title,
  'errors.notFound.text': ERROR_PAGE_COPY.notFound.text,
  'errors.notFound.homeLink': ERROR_PAGE_COPY.notFound.homeLink,
  'errors.noProducts.title': ERROR_PAGE_COPY.noProducts.title,
  'errors.noProducts.text': ERROR_PAGE_COPY.noProducts.text,
  'errors.maintenance.title': ERROR_PAGE_COPY.maintenance.title,
  'errors.maintenance.text': ERROR_PAGE_COPY.maintenance.text,
  'errors.serverBusy.title': 'Server busy',
  'errors.serverBusy.text': ERROR_PAGE_COPY.serverBusy.text,
  'errors.serverBusy.homeLink': 'Go to the Homepage',
  'errors.fallback.title': ERROR_PAGE_COPY.fallback.title,
  'errors.fallback.text': ERROR_PAGE_COPY.fallback.text,
  'errors.fallback.hint': ERROR_PAGE_COPY.fallback.hint,
  'errors.fallback.button': ERROR_PAGE_COPY.fallback.button,
  'footer.paymentMethods': PAYMENT_METHODS_HEADING,
  'support.heading': SUPPORT_COPY.heading,
  'support.chat': SUPPORT_COPY.chat,
  'support.email': SUPPORT_COPY.email,
} as const;

export type ShopCopyId = keyof typeof SHOP_COPY;
export type ShopCopy = Record<ShopCopyId, string>;

/** The page-scoped group (the translations' category) of a translation id: its first part. */
export function translationGroup(id: string): string {
  return id.split('.')[0] ?? id;
}

/** The groups the given ids belong to, each once. */
export function translationGroups(ids: readonly string[]): string[] {
  return [...new Set(ids.map(translationGroup))];
}

/** The shop's copy with each id's translation where the locale has one, else the default wording. */
export function shopCopy(translated: (id: string) => string | undefined): ShopCopy {
  const copy = { ...SHOP_COPY } as ShopCopy;
  for (const id of Object.keys(SHOP_COPY) as ShopCopyId[]) {
    const value = translated(id);
    if (value !== undefined && value.trim() !== '') copy[id] = value;
  }
  return copy;
}
