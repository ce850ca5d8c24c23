import { type ReactNode, useId, useState } from 'react';
import type { SubscriptionView } from './subscription-view';

/**
 * The subscribe panel of an offer's subscription page: what a subscription is, how often it buys,
 * the calendar of coming draws, a labelled choice of what to buy each time, and (through
 * `children`, the Add to cart button) the cart item with recurring purchase enabled.
 */
export function SubscriptionPanel({
  view,
  children,
}: {
  view: SubscriptionView;
  children: (item: Record<string, unknown> | null) => ReactNode;
}) {
  const [chosen, setChosen] = useState(view.options[0]?.value ?? '');
  const selectId = useId();
  const option = view.options.find((o) => o.value === chosen) ?? null;
  return (
    <section
      aria-labelledby="subscribe-title"
      className="mt-6 flex flex-col gap-4 rounded-xl border border-black/10 bg-surface p-5"
      data-testid="subscription-panel"
    >
      <h2 id="subscribe-title" className="text-2xl font-bold">
        {view.type === 'autoplay' ? 'Autoplay' : 'Subscribe'}
      </h2>
      <p>{view.explanation}</p>
      <dl>
        <dt className="text-sm font-semibold text-muted">How often</dt>
        <dd className="text-xl font-bold" data-testid="subscription-frequency">
          {view.frequency}
        </dd>
      </dl>
      {view.calendarHref ? (
        <p>
          <a href={view.calendarHref} className="link" data-testid="calendar-pdf">
            Coming draws calendar (PDF)
          </a>
        </p>
      ) : null}
      {view.closed ? (
        <p role="status" className="font-semibold" data-testid="subscription-closed">
          {view.closed}
        </p>
      ) : (
        <>
          <div className="flex flex-col gap-1">
            <label htmlFor={selectId} className="font-semibold">
              {view.optionLabel}
            </label>
            <select
              id={selectId}
              className="max-w-sm rounded-md border border-black/30 bg-page px-2 py-1"
              value={chosen}
              onChange={(e) => setChosen(e.target.value)}
              data-testid="subscription-option"
            >
              {view.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          {children(option?.item ?? null)}
        </>
      )}
    </section>
  );
}
