/**
 * Publishing an offer: one being got ready stays unpublished (seen only in a content preview) until
 * the content role publishes it. Once a ticket of it is sold or entered it stays published: its
 * buyers hold tickets whose pages, results and terms must stay where they found them. Its sale is
 * stopped by suspending it instead.
 */

export const OFFER_HAS_ENTRIES_REASON =
  'Tickets of this offer have been sold or entered: it stays published. Suspend its sale instead.';

export type PublicationChange =
  | { kind: 'unchanged' }
  | { kind: 'change' }
  | { kind: 'refused'; reason: string };

/** Whether an offer published or not (`published`) may become `wanted`, with `entries` sold or entered. */
export function offerPublicationChange(
  published: boolean,
  wanted: boolean,
  entries: number,
): PublicationChange {
  if (published === wanted) return { kind: 'unchanged' };
  if (!wanted && entries > 0) return { kind: 'refused', reason: OFFER_HAS_ENTRIES_REASON };
  return { kind: 'change' };
}
