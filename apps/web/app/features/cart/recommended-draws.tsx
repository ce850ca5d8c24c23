import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { useNotify } from '../../components/notifications';
import type { RecommendedDraw } from './recommended';
import type { CartAddAnswer, CartAdded } from './use-cart-add';

/** The pre-cart drawer's recommended draws: each one's next draw and a button that adds it. */
export function RecommendedDraws({
  recommended,
  onCartChange,
}: {
  recommended: RecommendedDraw[];
  onCartChange: (cart: CartAdded) => void;
}) {
  return (
    <section aria-labelledby="pre-cart-recommended" data-testid="pre-cart-recommended">
      <h3 id="pre-cart-recommended" className="text-lg font-bold">
        Recommended draws
      </h3>
      <ul className="mt-2 flex flex-col gap-3">
        {recommended.map((draw) => (
          <RecommendedRow key={draw.key} draw={draw} onCartChange={onCartChange} />
        ))}
      </ul>
    </section>
  );
}

function RecommendedRow({
  draw,
  onCartChange,
}: {
  draw: RecommendedDraw;
  onCartChange: (cart: CartAdded) => void;
}) {
  const fetcher = useFetcher<CartAddAnswer>();
  const notify = useNotify();
  const seen = useRef<CartAddAnswer | undefined>(undefined);
  const busy = fetcher.state !== 'idle';
  const done = fetcher.data?.ok === true;
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== 'idle' || !answer || seen.current === answer) return;
    seen.current = answer;
    if (answer.ok) onCartChange(answer.cart);
    else notify({ id: 'cart-add', level: 'error', message: answer.message });
  }, [fetcher.state, fetcher.data, notify, onCartChange]);
  return (
    <li
      className="flex items-center justify-between gap-3 rounded bg-surface p-3"
      data-testid={`recommended-${draw.key}`}
    >
      <div>
        <p className="font-semibold">{draw.name}</p>
        <p className="text-sm">{draw.description}</p>
        <p className="text-sm text-muted">Next draw: {draw.nextDraw}</p>
      </div>
      {done ? (
        <p role="status" className="shrink-0 font-semibold">
          Added<span className="sr-only"> {draw.name} to your cart</span>
        </p>
      ) : (
        <button
          type="button"
          className="button-primary shrink-0 disabled:opacity-60"
          disabled={busy}
          onClick={() =>
            fetcher.submit({ item: JSON.stringify(draw.item) }, { method: 'post', action: '/cart/add' })
          }
        >
          {busy ? 'Adding…' : 'Add'}
          <span className="sr-only"> {draw.name}</span>
        </button>
      )}
    </li>
  );
}
