import { type FormEvent, useEffect, useRef } from 'react';
import { Form } from 'react-router';
import type { CartView } from './cart-view';
import { promotionSummary } from './promotion-text';

/** Promo calls are debounced 500 ms. */
export const PROMO_DEBOUNCE_MS = 500;

/** "TENOFF replaced WELCOME5" when an applied code took the place of another; a cart holds one. */
export function promotionReplacedMessage(
  before: FormDataEntryValue | null,
  after: string | undefined,
): string | null {
  if (typeof before !== 'string' || !before || !after || before.toUpperCase() === after.toUpperCase())
    return null;
  return `${after} replaced ${before}`;
}

/**
 * The promo code field of /cart: Apply posts `intent=apply-promotion`, Remove
 * `intent=remove-promotion`, to the page's action. A refused code shows the API's message by the field.
 */
export function PromoCode({
  promotion,
  error,
  replaced,
  busy,
}: {
  promotion: CartView['promotion'];
  error: string | null;
  /** The notice of a code that replaced another, from the last apply. */
  replaced: string | null;
  busy: boolean;
}) {
  const lastSubmitAt = useRef(Number.NEGATIVE_INFINITY);
  // The window guards against double submits; once the answer is in, a new code may go at once.
  useEffect(() => {
    if (!busy) lastSubmitAt.current = Number.NEGATIVE_INFINITY;
  }, [busy]);
  const debounce = (event: FormEvent) => {
    const now = Date.now();
    if (now - lastSubmitAt.current < PROMO_DEBOUNCE_MS) {
      event.preventDefault();
      return;
    }
    lastSubmitAt.current = now;
  };
  return (
    <div className="grid gap-3 rounded-lg bg-surface p-4" data-testid="promo-code">
      {promotion ? (
        <Form method="post" onSubmit={debounce} className="flex flex-wrap items-center justify-between gap-3">
          <div className="grid gap-1">
            <p data-testid="promo-applied">
              Promo code <strong>{promotion.code}</strong>:{' '}
              {promotion.discount ? (
                <>
                  <span data-testid="promo-discount">{promotion.discount}</span> off
                </>
              ) : (
                <span data-testid={promotion.credit ? 'promo-credit' : 'promo-not-applied'}>
                  {promotionSummary(promotion)}
                </span>
              )}
            </p>
            <p
              className={promotion.applies ? 'text-sm' : 'text-sm font-semibold'}
              data-testid="promo-message"
            >
              {promotion.message}
            </p>
          </div>
          <button
            type="submit"
            name="intent"
            value="remove-promotion"
            disabled={busy}
            className="rounded border border-current px-3 py-1 font-semibold"
            data-testid="promo-remove"
          >
            Remove<span className="sr-only"> promo code {promotion.code}</span>
          </button>
        </Form>
      ) : null}
      {replaced ? (
        <p role="status" className="font-semibold" data-testid="promo-replaced">
          {replaced}
        </p>
      ) : null}
      <Form method="post" onSubmit={debounce} className="grid gap-1">
        {promotion ? <input type="hidden" name="currentPromotion" value={promotion.code} /> : null}
        <label htmlFor="promotion-code" className="font-semibold">
          {promotion ? 'Use another promo code' : 'Promo code'}
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id="promotion-code"
            name="promotionCode"
            required
            maxLength={50}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'promotion-code-error' : undefined}
            className="min-w-0 flex-1 rounded border border-current bg-page px-3 py-2 uppercase"
            data-testid="promo-input"
          />
          <button
            type="submit"
            name="intent"
            value="apply-promotion"
            disabled={busy}
            className="button-primary"
            data-testid="promo-apply"
          >
            Apply
          </button>
        </div>
        {error ? (
          <p
            id="promotion-code-error"
            role="alert"
            className="font-semibold text-red-800"
            data-testid="promo-error"
          >
            {error}
          </p>
        ) : null}
      </Form>
    </div>
  );
}
