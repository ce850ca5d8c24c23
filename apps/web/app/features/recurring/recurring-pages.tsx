import { Link, useFetcher } from 'react-router';
import { PageLinks } from '../../components/page-links';
import { CancelControl } from './cancel-control';
import { RecurringControls } from './recurring-controls';
import { LastAttempt, RecurringCard, RecurringFacts } from './recurring-item';
import { RecurringMethodForm } from './recurring-method-form';
import type {
  RecurringItemView,
  RecurringListKind,
  RecurringMethodView,
  ResolutionView,
  ScheduledItemView,
} from './recurring-view';

const LIST_PATHS: Record<RecurringListKind, string> = {
  autoplay: '/my-account/autoplay',
  subscriptions: '/my-account/subscriptions',
  'recurring-purchases': '/my-account/recurring-purchases',
};

/** A page of autoplays, subscriptions or all recurring purchases. */
export function RecurringListPage({
  list,
  scheduled = [],
  method,
  resolutions = [],
}: {
  resolutions?: ResolutionView[];
  scheduled?: ScheduledItemView[];
  method?: RecurringMethodView;
  list: {
    kind: RecurringListKind;
    title: string;
    empty: string;
    items: RecurringItemView[];
    page: number;
    pages: number;
  };
}) {
  const base = LIST_PATHS[list.kind];
  return (
    <section aria-labelledby="recurring-title" data-testid={`recurring-list-${list.kind}`}>
      <h1 id="recurring-title" className="text-3xl font-extrabold">
        {list.title}
      </h1>
      {method ? <RecurringMethodForm method={method} /> : null}
      {resolutions.length > 0 ? (
        <section aria-labelledby="resolutions-title" className="mt-6" data-testid="payment-resolutions">
          <h2 id="resolutions-title" className="text-2xl font-bold">
            Needs your attention
          </h2>
          <ul className="mt-3 grid gap-3">
            {resolutions.map((r) => (
              <li key={r.id} className="rounded-lg border-2 border-primary p-4">
                <Link to={r.href} className="link font-semibold">
                  {r.description}
                </Link>
                <p className="text-sm font-semibold">{r.outcome}</p>
                {r.reason ? <p className="text-sm">{r.reason}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {list.items.length === 0 ? (
        <p className="mt-4">{list.empty}</p>
      ) : (
        <ul className="mt-4 grid gap-4">
          {list.items.map((item) => (
            <RecurringCard key={item.id} item={item} />
          ))}
        </ul>
      )}
      {scheduled.length > 0 ? (
        <section aria-labelledby="scheduled-list-title" className="mt-8" data-testid="scheduled-list">
          <h2 id="scheduled-list-title" className="text-2xl font-bold">
            Scheduled purchases and pre-orders
          </h2>
          <ul className="mt-3 grid gap-3">
            {scheduled.map((s) => (
              <li key={s.id} className="rounded-lg bg-surface p-4">
                <Link
                  to={`/my-account/scheduled-purchases/${encodeURIComponent(s.id)}`}
                  className="link font-semibold"
                >
                  {s.description}
                </Link>
                <span className="block text-sm">
                  {s.kindText}
                  {s.draw ? ` · ${s.draw}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <PageLinks
        label={`${list.title} pages`}
        page={list.page}
        pages={list.pages}
        previous={list.page > 1 ? `${base}/${list.page - 1}` : null}
        next={list.page < list.pages ? `${base}/${list.page + 1}` : null}
      />
    </section>
  );
}

/** An autoplay's or subscription's own page: its facts, last attempt and every change. */
export function RecurringItemPage({
  item,
  backHref,
  backText,
  editable,
}: {
  item: RecurringItemView;
  backHref: string;
  backText: string;
  editable: boolean;
}) {
  return (
    <section aria-labelledby="recurring-item-title" className="max-w-2xl" data-testid="recurring-item">
      <p>
        <Link to={backHref} className="link">
          {backText}
        </Link>
      </p>
      <h1 id="recurring-item-title" className="mt-2 text-3xl font-extrabold">
        {item.description}
      </h1>
      <p className="text-muted">{item.typeName}</p>
      <RecurringFacts item={item} />
      <h2 className="mt-6 text-xl font-bold">Last attempt</h2>
      <LastAttempt attempt={item.lastAttempt} />
      {item.verificationRequired ? (
        <p className="mt-2 font-semibold">Verify your account so we can buy it again.</p>
      ) : null}
      <RecurringControls item={item} editable={editable} />
    </section>
  );
}

/** A scheduled purchase or pre-order: what it buys, for which draw, and Cancel while not charged. */
export function ScheduledPurchasePage({ item }: { item: ScheduledItemView }) {
  const fetcher = useFetcher<{ ok: boolean; message?: string; errors?: Record<string, string> }>();
  const settled = fetcher.state === 'idle' ? fetcher.data : undefined;
  return (
    <section aria-labelledby="scheduled-title" className="max-w-2xl" data-testid="scheduled-purchase">
      <h1 id="scheduled-title" className="text-3xl font-extrabold">
        {item.description}
      </h1>
      <p className="text-muted">{item.kindText}</p>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-semibold text-muted">Status</dt>
          <dd data-testid="scheduled-status">{item.statusText}</dd>
        </div>
        {item.amount ? (
          <div>
            <dt className="text-sm font-semibold text-muted">Amount</dt>
            <dd>{item.amount}</dd>
          </div>
        ) : null}
        {item.draw ? (
          <div>
            <dt className="text-sm font-semibold text-muted">Draw</dt>
            <dd>{item.draw}</dd>
          </div>
        ) : null}
      </dl>
      <h2 className="mt-6 text-xl font-bold">Last attempt</h2>
      <LastAttempt attempt={item.lastAttempt} />
      {settled?.ok ? (
        <p role="status" className="mt-4 font-semibold">
          {settled.message}
        </p>
      ) : null}
      {settled && !settled.ok ? (
        <p role="alert" className="mt-4 font-semibold">
          {settled.errors?.general}
        </p>
      ) : null}
      {item.cancellable ? (
        <div className="mt-6">
          <CancelControl
            fetcher={fetcher}
            what={item.kindText.toLowerCase()}
            description="It will not be bought. Nothing has been charged for it, so nothing is refunded."
            keepLabel="Keep it"
          />
        </div>
      ) : null}
    </section>
  );
}
