/**
 * The sitewide banner, a CMS page and the shop's navigation as the back office's forms describe them,
 * checked: an error per field, or nothing. A link is a path of the shop (`/raffles`) or an https address.
 */
import type { FieldError } from './validation-messages.ts';

export type Block = { type: 'heading' | 'paragraph'; text: string } | { type: 'list'; items: string[] };

type Errors = Record<string, FieldError[]>;

function collector() {
  const errors: Errors = {};
  const fail = (field: string, code: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), { code, message }];
  };
  return { errors, fail };
}

/** A link the shop may follow: a path of its own, or an https address. */
export function isBannerLink(link: string): boolean {
  // A backslash is refused anywhere: browsers read "/\\host" as "//host", another site.
  if (link.includes('\\')) return false;
  return /^\/(?!\/)[^\s]*$/.test(link) || /^https:\/\/[^\s/]+\.[^\s]+$/.test(link);
}

export function bannerErrors(banner: { text: string; link: string | null; shown: boolean }): Errors {
  const { errors, fail } = collector();
  const text = banner.text.trim();
  if (text.length > 200) fail('text', 'too_long', 'A banner is at most 200 characters.');
  if (banner.shown && text === '') fail('text', 'required', 'A banner the shop shows needs its text.');
  if (banner.link !== null && banner.link.trim() !== '' && !isBannerLink(banner.link.trim())) {
    fail('link', 'invalid_link', 'A link is a path of the shop, such as /raffles, or an https:// address.');
  }
  return errors;
}

export function pageErrors(page: {
  title: string;
  metaDescription: string;
  blocks: readonly Block[];
}): Errors {
  const { errors, fail } = collector();
  const title = page.title.trim();
  if (title.length < 2 || title.length > 120)
    fail('title', 'invalid_title', 'A title is 2 to 120 characters.');
  if (page.metaDescription.trim().length > 300) {
    fail('metaDescription', 'too_long', 'A description is at most 300 characters.');
  }
  if (page.blocks.length === 0) fail('blocks', 'blocks_required', 'A page needs at least one block.');
  for (const [i, block] of page.blocks.entries()) {
    const texts = block.type === 'list' ? block.items : [block.text];
    if (texts.length === 0 || texts.some((t) => t.trim() === '' || t.length > 5000)) {
      fail('blocks', 'invalid_block', `Block ${i + 1}: write its text (at most 5000 characters).`);
    }
  }
  return errors;
}

/** The most characters a navigation label has: the header shows them on one line. */
export const NAV_LABEL_MAX = 40;
/** The most items the navigation holds: more no longer fit the header. */
export const NAV_ITEMS_MAX = 12;

/** Items that open a drawer of the shop's offers: a link of their own is optional. */
const DRAWER_ITEMS = new Set(['lotto', 'raffle', 'social_play', 'results']);

export type NavDraftItem = { type: string; label: string; url: string | null; hidden: boolean };

/**
 * The navigation's items checked: each needs a label (at most 40 characters) and a link of the shop
 * or an https address (drawer items may have none), no two items link to the same place, at most 12
 * items, and at least one is shown, so the header is never empty. Errors are keyed `primary` for the
 * whole list and `primary.{index}.label` / `primary.{index}.url` for an item.
 */
export function navigationErrors(items: readonly NavDraftItem[]): Errors {
  const { errors, fail } = collector();
  if (items.length > NAV_ITEMS_MAX) {
    fail('primary', 'too_many_items', `The navigation has at most ${NAV_ITEMS_MAX} items.`);
  }
  if (!items.some((item) => !item.hidden)) {
    fail('primary', 'empty_header', 'Show at least one item: the header is never empty.');
  }
  const links = new Set<string>();
  for (const [i, item] of items.entries()) {
    const label = item.label.trim();
    if (label === '') fail(`primary.${i}.label`, 'required', 'Write its label.');
    if (label.length > NAV_LABEL_MAX) {
      fail(`primary.${i}.label`, 'too_long', `A label is at most ${NAV_LABEL_MAX} characters.`);
    }
    const url = item.url?.trim() ?? '';
    if (url === '') {
      if (!DRAWER_ITEMS.has(item.type)) {
        fail(
          `primary.${i}.url`,
          'required',
          'Give its link: a path of the shop, such as /raffles, or an https:// address.',
        );
      }
      continue;
    }
    if (!isBannerLink(url)) {
      fail(
        `primary.${i}.url`,
        'invalid_link',
        'A link is a path of the shop, such as /raffles, or an https:// address.',
      );
    } else if (links.has(url.toLowerCase())) {
      fail(`primary.${i}.url`, 'duplicate_link', 'Another item already links here.');
    }
    links.add(url.toLowerCase());
  }
  return errors;
}
