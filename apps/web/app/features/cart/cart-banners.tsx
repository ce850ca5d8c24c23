import { useState } from 'react';
import { Link } from 'react-router';
import type { CartBanner } from './cart-view';

/**
 * The cart's banners: one per blocked reason, keyed by its id, closable (action type close), and
 * one listing the items the API removed from the cart.
 */
export function CartBanners({ blocked, autoRemoved }: { blocked: CartBanner[]; autoRemoved: string[] }) {
  const [closed, setClosed] = useState<ReadonlySet<string>>(() => new Set());
  const open = blocked.filter((banner) => !closed.has(banner.id));
  if (open.length === 0 && autoRemoved.length === 0) return null;
  return (
    <div className="mt-4 grid gap-3">
      {open.map((banner) => (
        <div
          key={banner.id}
          role="alert"
          className="flex items-start justify-between gap-4 rounded-lg border-2 border-current bg-surface p-4 font-semibold"
          data-testid={`cart-blocked-${banner.id}`}
        >
          <p>
            {banner.message}
            {banner.id === 'verify_account_required' ? (
              <>
                {' '}
                <Link to="/my-account/verify-account" className="underline" data-testid="verify-account-link">
                  Verify your account
                </Link>
              </>
            ) : null}
          </p>
          <button
            type="button"
            className="shrink-0 rounded px-2 py-1 underline"
            onClick={() => setClosed((ids) => new Set(ids).add(banner.id))}
          >
            Dismiss<span className="sr-only"> message</span>
          </button>
        </div>
      ))}
      {autoRemoved.length > 0 ? (
        <div
          role="status"
          className="rounded-lg border-2 border-current bg-surface p-4"
          data-testid="cart-auto-removed"
        >
          <ul className="grid gap-1 font-semibold">
            {autoRemoved.map((message, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same message may come twice
              <li key={index}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
