/**
 * The sitewide banner and a CMS page as the back office's forms describe them, checked: an error per
 * field, or nothing. A link is a path of the shop (`/raffles`) or an https address.
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
