import { formatMoney } from '@drawhouse/domain';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import type { MigrationStep } from './migration.server';

/** Poll of a started move: every 3 s, at most 5 tries (then the failure step, with Retry). */
const POLL_MS = 3000;
const POLL_TRIES = 5;
/** Where the modal posts (the root keeps the shell as it is after these posts). */
export const MIGRATION_ACTION = '/my-account/migration';
const STILL_RUNNING = 'Your account is taking longer than usual to move. Please try again.';

type Step = 'prompt' | 'in_progress' | 'success' | 'failure';

const KIND_LABEL = { cash: 'Cash balance', promo: 'Promotional credit' } as const;

/**
 * The account migration modal (Radix dialog: focus stays inside): prompt (terms checkbox; Migrate is
 * disabled until it is ticked), in progress (polling), success, failure with Retry. A soft migration
 * can be dismissed (Escape, the close button, "Not now"), which holds it off for 7 days; a hard one
 * cannot.
 */
export function MigrationModal({ dismissible }: { dismissible: boolean }) {
  const fetcher = useFetcher<MigrationStep>();
  const [open, setOpen] = useState(true);
  const [step, setStep] = useState<Step>('prompt');
  const [agreed, setAgreed] = useState(false);
  const [tries, setTries] = useState(0);
  const [message, setMessage] = useState('');
  const handled = useRef<MigrationStep | undefined>(undefined);
  const termsId = useId();

  const { submit: fetcherSubmit, state, data } = fetcher;
  const submit = (intent: 'migrate' | 'retry' | 'poll' | 'dismiss') =>
    fetcherSubmit({ intent }, { method: 'post', action: MIGRATION_ACTION });
  /** Bumped for each answer "still running": schedules the next poll. */
  const [pollsDue, setPollsDue] = useState(0);

  useEffect(() => {
    if (state !== 'idle' || !data || handled.current === data) return;
    handled.current = data;
    if (data.step === 'in_progress') {
      if (tries >= POLL_TRIES) {
        setMessage(STILL_RUNNING);
        setStep('failure');
      } else {
        setPollsDue((n) => n + 1);
      }
    } else if (data.step === 'failure') {
      setMessage(data.message);
      setStep('failure');
    } else if (data.step === 'success') {
      setStep('success');
    }
  }, [state, data, tries]);

  useEffect(() => {
    if (pollsDue === 0) return;
    const timer = setTimeout(() => {
      setTries((n) => n + 1);
      fetcherSubmit({ intent: 'poll' }, { method: 'post', action: MIGRATION_ACTION });
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [pollsDue, fetcherSubmit]);

  const start = (intent: 'migrate' | 'retry') => {
    setTries(1);
    setStep('in_progress');
    submit(intent);
  };

  const dismiss = () => {
    setOpen(false);
    submit('dismiss');
  };

  const success = data?.step === 'success' ? data : undefined;
  const closable = dismissible && step === 'prompt';

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && closable) dismiss();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[99997] bg-black/50" />
        <Dialog.Content
          data-testid="migration-modal"
          data-step={step}
          aria-describedby={undefined}
          onEscapeKeyDown={(event) => {
            if (!closable) event.preventDefault();
          }}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed left-1/2 top-1/2 z-[99998] max-h-[calc(100vh-2rem)] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-page p-6 text-ink shadow-xl"
        >
          {step === 'prompt' ? (
            <>
              <Dialog.Title className="text-xl font-bold">Move your account to Drawhouse</Dialog.Title>
              <p className="mt-2">
                Your account from our older shop is ready to move. Your cash balance and promotional credit
                come with it into your Drawhouse wallet, and your tickets for upcoming draws into My tickets.
              </p>
              {dismissible ? null : (
                <p className="mt-2 font-semibold">
                  You need to move it before you can buy tickets, deposit or withdraw.
                </p>
              )}
              <div className="mt-4 flex items-start gap-2">
                <input
                  id={termsId}
                  type="checkbox"
                  checked={agreed}
                  onChange={(event) => setAgreed(event.target.checked)}
                  className="mt-1 h-5 w-5"
                />
                <label htmlFor={termsId}>
                  I agree to the{' '}
                  <a href="/about/terms-and-conditions" className="link" target="_blank" rel="noreferrer">
                    terms and conditions
                  </a>{' '}
                  of Drawhouse and to moving my account.
                </label>
              </div>
              <div className="mt-6 flex flex-wrap justify-end gap-3">
                {dismissible ? (
                  <button type="button" className="button-secondary" onClick={dismiss}>
                    Not now
                  </button>
                ) : null}
                <button
                  type="button"
                  className="button-primary"
                  disabled={!agreed}
                  onClick={() => start('migrate')}
                >
                  Migrate
                </button>
              </div>
            </>
          ) : null}
          {step === 'in_progress' ? (
            <>
              <Dialog.Title className="text-xl font-bold">Moving your account…</Dialog.Title>
              <p className="mt-2" role="status">
                This takes a few seconds. Please keep this page open.
              </p>
            </>
          ) : null}
          {step === 'success' ? (
            <>
              <Dialog.Title className="text-xl font-bold">Your account has moved</Dialog.Title>
              <p className="mt-2" role="status">
                Welcome to Drawhouse. This is what came across:
              </p>
              <ul className="mt-2 list-disc pl-6" data-testid="migrated-balances">
                {(success?.balances ?? []).map((b) => (
                  <li key={b.kind}>
                    {KIND_LABEL[b.kind]}: {formatMoney(Math.round(b.amount.amount * 100))}
                  </li>
                ))}
                {(success?.tickets ?? []).map((t) => (
                  <li key={t.reference}>
                    Ticket {t.reference} for draw {t.drawNo}:{' '}
                    {t.status === 'entered'
                      ? 'entered in the draw'
                      : `the draw had closed, so ${formatMoney(Math.round(t.price.amount * 100))} went to your wallet`}
                  </li>
                ))}
              </ul>
              <div className="mt-6 flex justify-end">
                <a href="/my-account/upgrade-account" className="button-primary">
                  Continue
                </a>
              </div>
            </>
          ) : null}
          {step === 'failure' ? (
            <>
              <Dialog.Title className="text-xl font-bold">We could not move your account</Dialog.Title>
              <p className="mt-2" role="alert">
                {message}
              </p>
              <div className="mt-6 flex justify-end">
                <button type="button" className="button-primary" onClick={() => start('retry')}>
                  Retry
                </button>
              </div>
            </>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
