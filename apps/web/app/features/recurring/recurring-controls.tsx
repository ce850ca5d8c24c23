import { useEffect, useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { FieldError, TextField } from '../../components/form';
import { useNotify } from '../../components/notifications';
import type { FormResult } from '../../lib/forms';
import { CancelControl } from './cancel-control';
import type { RecurringItemView } from './recurring-view';

type Result = FormResult & { intent: string };

/** One change posted to the page's action; its success is a notification, its refusal shown by it. */
function useChange() {
  const fetcher = useFetcher<Result>();
  const notify = useNotify();
  const settled = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (settled?.ok && settled.message) notify({ level: 'success', message: settled.message });
  }, [settled, notify]);
  return {
    fetcher,
    busy: fetcher.state !== 'idle',
    errors: settled && !settled.ok ? (settled.errors ?? {}) : {},
  };
}

function GeneralError({ error }: { error?: string }) {
  return error ? (
    <p role="alert" className="font-semibold">
      {error}
    </p>
  ) : null;
}

function MinimumJackpotForm({ item }: { item: RecurringItemView }) {
  const { fetcher, busy, errors } = useChange();
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-end gap-3" data-testid="minimum-jackpot-form">
      <input type="hidden" name="intent" value="minimum-jackpot" />
      <TextField
        name="minimumJackpotAmount"
        label="Buy only when the jackpot is at least ($)"
        hint="Leave it empty to buy for every draw."
        inputMode="decimal"
        defaultValue={item.minimumJackpotInput}
        error={errors.minimumJackpotAmount ?? errors.general}
        className="mt-0"
      />
      <button type="submit" className="button-secondary" disabled={busy}>
        Save minimum jackpot
      </button>
    </fetcher.Form>
  );
}

function QuickpickForm({ item }: { item: RecurringItemView }) {
  const { fetcher, busy, errors } = useChange();
  return (
    <fetcher.Form method="post" data-testid="quickpick-form">
      <input type="hidden" name="intent" value="quickpick" />
      <input type="hidden" name="quickpick" value={item.quickpick ? 'false' : 'true'} />
      <p>
        {item.quickpick
          ? 'Quick pick is on: fresh numbers are picked for every draw.'
          : 'Quick pick is off: the same numbers are played every draw.'}
      </p>
      <button type="submit" className="button-secondary mt-2" disabled={busy}>
        {item.quickpick ? 'Keep the same numbers' : 'Pick fresh numbers every draw'}
      </button>
      <GeneralError error={errors.general} />
    </fetcher.Form>
  );
}

function PauseForm({ item }: { item: RecurringItemView }) {
  const { fetcher, busy, errors } = useChange();
  const [mode, setMode] = useState<'until' | 'indefinitely'>('until');
  const dateId = useId();
  const errorId = `${dateId}-error`;
  return (
    <fetcher.Form method="post" data-testid="pause-form">
      <input type="hidden" name="intent" value="pause" />
      <fieldset>
        <legend className="font-semibold">Pause</legend>
        <div className="mt-2 flex flex-col gap-2">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="pauseMode"
              value="until"
              checked={mode === 'until'}
              onChange={() => setMode('until')}
            />
            Until a date
          </label>
          <div className="ml-6">
            <label htmlFor={dateId} className="block text-sm font-semibold">
              Pause until
            </label>
            <input
              id={dateId}
              type="date"
              name="pausedUntil"
              min={item.pauseMin}
              max={item.pauseMax}
              disabled={mode !== 'until'}
              required={mode === 'until'}
              aria-invalid={errors.pausedUntil ? true : undefined}
              aria-describedby={errors.pausedUntil ? errorId : undefined}
              className="rounded-md border border-black/30 bg-page px-2 py-1"
            />
            <FieldError id={errorId} error={errors.pausedUntil} />
          </div>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="pauseMode"
              value="indefinitely"
              checked={mode === 'indefinitely'}
              onChange={() => setMode('indefinitely')}
            />
            Until I resume it
          </label>
        </div>
      </fieldset>
      <button type="submit" className="button-secondary mt-3" disabled={busy}>
        Pause
      </button>
      <GeneralError error={errors.general} />
    </fetcher.Form>
  );
}

function ResumeForm() {
  const { fetcher, busy, errors } = useChange();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="resume" />
      <button type="submit" className="button-primary" disabled={busy}>
        Resume
      </button>
      <GeneralError error={errors.general} />
    </fetcher.Form>
  );
}

function CancelRecurring({ item }: { item: RecurringItemView }) {
  const { fetcher, errors } = useChange();
  const what = item.typeName.toLowerCase();
  return (
    <div>
      <CancelControl
        fetcher={fetcher}
        what={what}
        description={`${item.description} will not be bought again. Entries already bought stay yours. A cancel cannot be undone.`}
        keepLabel={`Keep my ${what}`}
      />
      <GeneralError error={errors.general} />
    </div>
  );
}

/** Everything a customer changes on an autoplay's or subscription's page. */
export function RecurringControls({ item, editable }: { item: RecurringItemView; editable: boolean }) {
  if (item.status === 'cancelled') {
    return <p className="mt-6 font-semibold">This has been cancelled: nothing more will be bought.</p>;
  }
  return (
    <div className="mt-6 flex flex-col gap-6">
      {editable && item.lottery ? <MinimumJackpotForm item={item} /> : null}
      {editable && item.lottery ? <QuickpickForm item={item} /> : null}
      {item.canResume ? <ResumeForm /> : null}
      {item.canPause ? <PauseForm item={item} /> : null}
      {item.canCancel ? <CancelRecurring item={item} /> : null}
    </div>
  );
}
