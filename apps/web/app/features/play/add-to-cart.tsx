import { AddItemButton } from '../cart/add-item-button';
import type { PlayEntry } from './play-state';

/**
 * The play panel's Add to cart: the entry's item body, once a game is complete. With `itemId` (the
 * play screen opened from the cart's Edit) it reads Update entry and replaces that cart item.
 */
export function AddToCart({ entry, itemId }: { entry: PlayEntry; itemId?: string }) {
  const { completeCount: _count, ready, ...item } = entry;
  return (
    <AddItemButton item={ready ? item : null} itemId={itemId} what="Your entry is">
      {ready ? null : <p className="text-sm text-muted">Complete a game to add it to your cart.</p>}
    </AddItemButton>
  );
}
