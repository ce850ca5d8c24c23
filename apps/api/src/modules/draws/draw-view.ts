/** The operators' view of a draw and of a result entry (the contract's admin shapes). */
import type { DrawState, ResultEntry } from '@drawhouse/contract';
import { centsToMoney } from '@drawhouse/domain';
import type { DrawWithOffer, EntryRow } from './draws.repository.ts';

export function drawState({ draw }: DrawWithOffer): DrawState {
  return {
    offerKey: draw.productOfferKey,
    drawNo: draw.drawNo,
    status: draw.status,
    stopAt: draw.stopAt.toISOString(),
    drawAt: draw.drawAt.toISOString(),
    closedAt: draw.closedAt?.toISOString() ?? null,
    publishedAt: draw.publishedAt?.toISOString() ?? null,
  };
}

/**
 * An entry as `viewer` (an operator's name) may see it: blind, so its figures only when it is the
 * viewer's own or published.
 */
export function entryView(entry: EntryRow, viewer: string): ResultEntry {
  const shown = entry.operator === viewer || entry.status === 'published';
  return {
    id: entry.id,
    operator: entry.operator,
    kind: entry.kind,
    status: entry.status,
    numbers: shown ? entry.numbers : null,
    supplementary: shown ? entry.supplementary : null,
    prizes: shown
      ? Object.fromEntries(Object.entries(entry.prizes).map(([d, cents]) => [d, centsToMoney(cents)]))
      : null,
    createdAt: entry.createdAt.toISOString(),
  };
}
