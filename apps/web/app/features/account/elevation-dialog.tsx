import { AUTH_REFRESH_FAILED } from '@drawhouse/domain';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef } from 'react';
import { Link, useFetcher } from 'react-router';
import { useDismissNotification, useNotify } from '../../components/notifications';
import { OtpInput } from '../../components/otp-input';
import { OTP_MESSAGES } from '../../lib/otp';

const FAILED_ID = 'elevation-failed';

type ElevateResult = { ok: boolean; error?: string; code?: string; locked?: boolean; sent?: string };

/**
 * The two-factor elevation modal (Radix dialog: focus trapped, Escape and Close dismiss it). The
 * code goes to /session/elevate, which swaps the session's access token for an elevated one.
 */
export default function ElevationDialog({
  method,
  twoFactor,
  supportHref,
  onDone,
}: {
  method?: string | null;
  /** false: the customer has no second factor on, and proves it is them with an emailed code. */
  twoFactor?: boolean;
  supportHref: string;
  onDone: (ok: boolean) => void;
}) {
  const fetcher = useFetcher<ElevateResult>();
  const notify = useNotify();
  const dismiss = useDismissNotification();
  const handled = useRef<unknown>(undefined);
  const busy = fetcher.state !== 'idle';
  const data = fetcher.state === 'idle' ? fetcher.data : undefined;

  // An email code is sent as the modal opens, so the customer only has to read their mail.
  const sent = useRef(false);
  const { submit } = fetcher;
  useEffect(() => {
    if (method !== 'email' || sent.current) return;
    sent.current = true;
    submit({ intent: 'send-email' }, { method: 'post', action: '/session/elevate' });
  }, [method, submit]);

  useEffect(() => {
    if (!data || handled.current === data) return;
    handled.current = data;
    if (data.ok && !data.sent) {
      // The replayed action's own success message is the success notification.
      dismiss(FAILED_ID);
      onDone(true);
    } else if (
      !data.ok &&
      (data.error === OTP_MESSAGES.elevationFailed || data.code === AUTH_REFRESH_FAILED.code)
    ) {
      notify({ id: FAILED_ID, level: 'error', message: data.error ?? OTP_MESSAGES.elevationFailed });
    }
  }, [data, notify, dismiss, onDone]);

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onDone(false))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[99997] bg-black/50" />
        <Dialog.Content
          data-testid="elevation-modal"
          className="fixed left-1/2 top-1/2 z-[99998] w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-page p-6 text-ink shadow-xl"
        >
          <Dialog.Title className="text-xl font-bold">
            {twoFactor === false ? OTP_MESSAGES.confirmationTitle : OTP_MESSAGES.elevationTitle}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-muted">
            {method === 'email'
              ? 'Enter the 6 digit code we emailed you.'
              : 'Enter the 6 digit code from your authenticator app.'}
          </Dialog.Description>
          <fetcher.Form method="post" action="/session/elevate" noValidate>
            <OtpInput
              autoFocus
              error={data && !data.ok ? data.error : undefined}
              locked={data?.locked}
              resetKey={data && !data.ok ? data : undefined}
            />
            {data?.sent ? (
              <p role="status" className="mt-2 text-sm">
                {data.sent}
              </p>
            ) : null}
            <div className="mt-6 flex flex-wrap items-center gap-3">
              <button
                type="submit"
                name="intent"
                value="elevate"
                disabled={busy || data?.locked}
                data-testid="otp-continue"
                className="button-primary min-w-32 disabled:opacity-60"
              >
                {busy ? 'Checking...' : 'Continue'}
              </button>
              {method === 'email' ? (
                <button
                  type="submit"
                  name="intent"
                  value="send-email"
                  disabled={busy}
                  className="button-secondary disabled:opacity-60"
                >
                  Email me a code
                </button>
              ) : null}
              <Dialog.Close className="rounded px-3 py-2 font-semibold underline">Cancel</Dialog.Close>
            </div>
            <p className="mt-4 text-sm">
              Having trouble?{' '}
              <Link to={supportHref} className="link" onClick={() => onDone(false)}>
                Contact support
              </Link>
            </p>
          </fetcher.Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
