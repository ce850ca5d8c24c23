/**
 * Take a break and self-exclusion on the spend limits page: the one in force and when it ends, or
 * the choice of kind and period with a confirmation dialog first (nothing ends one early).
 */
import type { BreakKind, BreakPeriod, BreakStatus } from '@drawhouse/contract';
import { BREAK_PERIOD_LABELS, breakEndText } from '@drawhouse/domain';
import { useEffect, useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormAlert } from '../../components/form';
import { useNotify } from '../../components/notifications';
import type { WalletFormResult } from './wallet-form';

export const TAKE_BREAK_INTENT = 'take-break';

const KIND_TEXT: Record<BreakKind, { name: string; about: string }> = {
  take_a_break: {
    name: 'Take a break',
    about: 'A short pause from buying tickets and adding funds: 24 hours to 6 months.',
  },
  self_exclusion: {
    name: 'Self-exclusion',
    about: 'A long stop: 6 months to 5 years, or permanently. It also ends all marketing messages.',
  },
};

/** "You are taking a break until Saturday 5 December 2026 at 3:00pm (Sydney time)." */
export function breakInForceText(current: NonNullable<BreakStatus['current']>): string {
  if (current.kind === 'self_exclusion' && current.endsAt === null) {
    return 'You have excluded yourself from Drawhouse permanently.';
  }
  const until = `${breakEndText(current.endsAt ? new Date(current.endsAt) : null)} (Sydney time)`;
  return current.kind === 'self_exclusion'
    ? `You have excluded yourself from Drawhouse until ${until}.`
    : `You are taking a break from Drawhouse until ${until}.`;
}

/** The break in force, told on the account pages. */
export function BreakNotice({ current }: { current: BreakStatus['current'] }) {
  if (!current) return null;
  return (
    <div
      role="status"
      className="mt-4 rounded-md border-l-4 border-black/60 bg-black/5 p-3"
      data-testid="break-status"
    >
      <p className="font-semibold">{breakInForceText(current)}</p>
      <p className="mt-1">
        Until then you cannot buy tickets, add funds or make recurring purchases. You can still withdraw your
        balance.
      </p>
    </div>
  );
}

export function TakeABreak({ status }: { status: BreakStatus }) {
  const fetcher = useFetcher<WalletFormResult | undefined>();
  const notify = useNotify();
  const [kind, setKind] = useState<BreakKind>('take_a_break');
  const periods = kind === 'take_a_break' ? status.breakPeriods : status.selfExclusionPeriods;
  const [period, setPeriod] = useState<BreakPeriod | undefined>(undefined);
  const chosen = period && periods.includes(period) ? period : periods[0];
  const [open, setOpen] = useState(false);
  const id = useId();
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (result?.ok && result.message) notify({ level: 'success', message: result.message });
  }, [result, notify]);

  if (status.current) {
    return (
      <section aria-labelledby={`${id}-heading`} className="mt-8 rounded-lg border border-black/10 p-4">
        <h2 id={`${id}-heading`} className="text-2xl font-bold">
          Take a break or self-exclude
        </h2>
        <BreakNotice current={status.current} />
      </section>
    );
  }

  const what = KIND_TEXT[kind].name.toLowerCase();
  const length = chosen ? BREAK_PERIOD_LABELS[chosen].toLowerCase() : '';
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="mt-8 rounded-lg border border-black/10 p-4"
      data-testid="take-a-break"
    >
      <h2 id={`${id}-heading`} className="text-2xl font-bold">
        Take a break or self-exclude
      </h2>
      <p className="mt-2">
        Stop buying tickets and adding funds for a while. Once it starts it cannot be cancelled or shortened,
        not even by our support team. You can still withdraw your balance.
      </p>
      <FormAlert error={result?.errors?.general ?? result?.errors?.period} />
      <fieldset className="mt-4">
        <legend className="font-semibold">What would you like?</legend>
        {(['take_a_break', 'self_exclusion'] as const).map((k) => (
          <label key={k} className="mt-2 flex items-start gap-2">
            <input
              type="radio"
              name={`${id}-kind`}
              value={k}
              checked={kind === k}
              onChange={() => setKind(k)}
              className="mt-1"
            />
            <span>
              <span className="font-semibold">{KIND_TEXT[k].name}</span>
              <span className="block text-sm">{KIND_TEXT[k].about}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="mt-4">
        <legend className="font-semibold">For how long?</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {periods.map((p) => (
            <label key={p} className="flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-period`}
                value={p}
                checked={chosen === p}
                onChange={() => setPeriod(p)}
              />
              {BREAK_PERIOD_LABELS[p]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-4">
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          testId="break-dialog"
          title={
            kind === 'take_a_break'
              ? `Take a break for ${length}?`
              : `Exclude yourself ${chosen === 'permanent' ? 'permanently' : `for ${length}`}?`
          }
          description={`From now you will not be able to buy tickets, add funds or make recurring purchases${chosen === 'permanent' ? '' : ` for ${length}`}. Your ${what} cannot be cancelled or shortened once it starts. You can still withdraw your balance.`}
          keepLabel="Not now"
          trigger={
            <button type="button" className="button-primary">
              {KIND_TEXT[kind].name}
            </button>
          }
          confirm={
            <fetcher.Form method="post" onSubmit={() => setOpen(false)}>
              <input type="hidden" name="intent" value={TAKE_BREAK_INTENT} />
              <input type="hidden" name="kind" value={kind} />
              <input type="hidden" name="period" value={chosen ?? ''} />
              <button type="submit" className="button-primary" disabled={fetcher.state !== 'idle'}>
                Yes, start it now
              </button>
            </fetcher.Form>
          }
        />
      </div>
    </section>
  );
}
