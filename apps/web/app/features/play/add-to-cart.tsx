import { AddItemButton } from '../cart/add-item-button';
import type { PlayEntry } from './play-state';

/**
 * The play panel's Add to cart: the entry's item body, once a game is complete and the minimum
 * jackpot (with autoplay) is an amount. With `itemId` (the play screen opened from the cart's Edit)
 * it reads Update entry and replaces that cart item. A refusal's field errors go to `onRefused`.
 */
export function AddToCart({
  entry,
  itemId,
  onRefused,
}: {
  entry: PlayEntry;
  itemId?: string;
  onRefused?: (fieldErrors: Record<string, string>) => void;
}) {
  const { completeCount: _count, ready, minimumJackpotError, ...item } = entry;
  return (
    <AddItemButton
      item={ready && minimumJackpotError === null ? item : null}
      itemId={itemId}
      onRefused={onRefused}
      what="Your entry is"
    >
      {ready ? null : <p className="text-sm text-muted">Complete a game to add it to your cart.</p>}
    </AddItemButton>
  );
}
