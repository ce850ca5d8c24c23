import { ApiError } from '../../lib/api.server';
import type { Visitor } from '../../lib/visitor.server';
import { fetchDrawDetails } from './draws.server';

/**
 * The fair draw commitment of a raffle's draw, published from the moment the draw opens; null when
 * the draw has none or it cannot be read (the raffle's page never fails for want of it).
 */
export async function fairDrawOf(
  visitor: Visitor,
  offerKey: string,
  drawNo: number | undefined,
): Promise<{ drawNo: number; commitment: string } | null> {
  if (drawNo === undefined) return null;
  try {
    const draw = await fetchDrawDetails(visitor, offerKey, drawNo);
    const commitment = draw.raffle?.proof?.commitment;
    return commitment ? { drawNo, commitment } : null;
  } catch (error) {
    // A missing draw (ApiError) or an API in trouble (a 5xx Response): the page goes on without it.
    if (error instanceof ApiError || error instanceof Response) return null;
    throw error;
  }
}
