/**
 * The shop's side of content preview: the token from /preview?token=... is checked by the content
 * service (GET /cms/preview), which answers what it shows. No token, or one the service refuses
 * (unknown, altered, expired), is the 404 page: only the content role's back office makes tokens.
 */
import { type Preview, PreviewSchema } from '@drawhouse/contract';
import { data } from 'react-router';
import { api } from '../../lib/api.server';
import { orPageError } from '../../lib/site.server';
import { publicCallerOf, type Visitor } from '../../lib/visitor.server';

const EXPIRES = new Intl.DateTimeFormat('en-AU', {
  hour: 'numeric',
  minute: '2-digit',
  day: 'numeric',
  month: 'long',
  timeZone: 'Australia/Sydney',
});

/** When a preview link stops working, in the site's time. */
export const previewExpiry = (iso: string): string => EXPIRES.format(new Date(iso));

export async function loadPreview(visitor: Visitor, token: string | null): Promise<Preview> {
  if (!token || token.length > 2000) throw data(null, { status: 404 });
  return orPageError(
    api.get(PreviewSchema, 'cms', '/preview', {
      caller: publicCallerOf(visitor),
      query: { token },
      cacheMs: 0,
    }),
  );
}

export type OfferPreview = Extract<Preview, { kind: 'offer' }>;

/**
 * An offer's page with `?preview=true&token=...`: the offer the token names, published or not. A token
 * of anything else, or of another offer, is the 404 page too.
 */
export async function loadOfferPreview(
  visitor: Visitor,
  token: string | null,
  offerKey: string,
): Promise<OfferPreview> {
  const preview = await loadPreview(visitor, token);
  if (preview.kind !== 'offer' || preview.offer.key !== offerKey) throw data(null, { status: 404 });
  return preview;
}
