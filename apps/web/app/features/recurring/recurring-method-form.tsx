import { useEffect, useId } from 'react';
import { useFetcher } from 'react-router';
import { useNotify } from '../../components/notifications';
import type { FormResult } from '../../lib/forms';
import type { RecurringMethodView } from './recurring-view';

/** How autoplays and subscriptions are paid: the wallet or a saved card, chosen once for all. */
export function RecurringMethodForm({ method }: { method: RecurringMethodView }) {
  const fetcher = useFetcher<FormResult>();
  const notify = useNotify();
  const selectId = useId();
  const settled = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (settled?.ok && settled.message) notify({ level: 'success', message: settled.message });
  }, [settled, notify]);
  return (
    <fetcher.Form
      method="post"
      className="mt-4 rounded-lg border border-black/10 p-4"
      data-testid="recurring-method"
    >
      <input type="hidden" name="intent" value="method" />
      <p>
        <span className="font-semibold">Recurring purchases are paid with: </span>
        <span data-testid="recurring-method-current">{method.current}</span>
      </p>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <div className="flex flex-col">
          <label htmlFor={selectId} className="text-sm font-semibold">
            Pay recurring purchases with
          </label>
          <select
            id={selectId}
            name="method"
            defaultValue={method.selected}
            className="rounded-md border border-black/30 bg-page px-2 py-1"
          >
            {method.selected === '' ? <option value="">Choose how to pay</option> : null}
            {method.options.map((o) => (
              <option key={o.key} value={o.key}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button-secondary" disabled={fetcher.state !== 'idle'}>
          Save
        </button>
      </div>
      {settled && !settled.ok ? (
        <p role="alert" className="mt-2 font-semibold">
          {settled.errors?.general ?? settled.errors?.recurringPurchaseMethod}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
