/** The operators' view of a draw and of a result entry (the contract's admin shapes). */
import type { DrawState, ResultEntry } from '@drawhouse/contract';
import { centsToMoney } from '@drawhouse/domain';
import type { DrawWithOffer, EntryRow } from './draw-engine.repository.ts';

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

export function entryView(entry: EntryRow): ResultEntry {
  return {
    id: entry.id,
    operator: entry.operator,
    status: entry.status,
    differences: entry.differences,
    numbers: entry.numbers,
    supplementary: entry.supplementary,
    prizes: Object.fromEntries(Object.entries(entry.prizes).map(([d, cents]) => [d, centsToMoney(cents)])),
    createdAt: entry.createdAt.toISOString(),
  };
}
