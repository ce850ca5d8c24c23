import {
  canSendFeedback,
  FEEDBACK_CLOSED,
  FEEDBACK_COPY,
  FEEDBACK_RATINGS,
  FEEDBACK_STEP,
  type FeedbackRating,
  feedbackQuestion,
  feedbackReducer,
} from '@drawhouse/domain';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useReducer, useRef } from 'react';
import { useFetcher, useLocation } from 'react-router';
import type { FeedbackResult } from './feedback-result';

const RATING_LABELS: Record<FeedbackRating, string> = {
  not_satisfied: 'Not satisfied',
  neutral: 'Neutral',
  satisfied: 'Satisfied',
};

const RATING_FACES: Record<FeedbackRating, string> = {
  not_satisfied: '☹',
  neutral: '😐',
  satisfied: '☺',
};

/** The browser's time zone and language, sent with the event. */
function clientEnvironment(): { timezone: string; locale: string } {
  return {
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
    locale: navigator.language || 'en-AU',
  };
}

/**
 * The full-screen feedback modal (Radix dialog: focus stays inside, Escape closes it, the page
 * behind does not scroll). The steps and fields follow `feedbackReducer`: the comment step, then
 * complete once the event is created; closing resets them. Guests may leave an email; customers not.
 */
export default function FeedbackDialog({
  open,
  onOpenChange,
  onClosed,
  signedIn,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onClosed: () => void;
  signedIn: boolean;
}) {
  const [state, dispatch] = useReducer(feedbackReducer, FEEDBACK_CLOSED);
  useEffect(() => dispatch({ type: open ? 'open' : 'close' }), [open]);
  const fetcher = useFetcher<FeedbackResult>();
  const location = useLocation();
  const handled = useRef<unknown>(undefined);
  const data = fetcher.state === 'idle' ? fetcher.data : undefined;

  useEffect(() => {
    if (!data || handled.current === data) return;
    handled.current = data;
    dispatch({ type: data.ok ? 'created' : 'failed' });
  }, [data]);

  const send = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSendFeedback(state)) return;
    dispatch({ type: 'submit' });
    const { timezone, locale } = clientEnvironment();
    fetcher.submit(
      {
        rating: state.rating,
        comment: state.comment,
        email: signedIn ? '' : state.email,
        source: location.pathname,
        timezone,
        locale,
      },
      { method: 'post', action: '/feedback' },
    );
  };
  const errors = state.event === 'failure' && data && !data.ok ? (data.errors ?? {}) : {};
  const complete = state.step >= FEEDBACK_STEP.complete;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[99997] bg-black/50" />
        <Dialog.Content
          data-testid="feedback-modal"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
          className="fixed inset-0 z-[99998] overflow-y-auto bg-page text-ink"
        >
          <div className="container-page flex max-w-2xl flex-col gap-4 py-8">
            <div className="flex items-start justify-between gap-4">
              <Dialog.Title className="text-2xl font-bold">{FEEDBACK_COPY.header}</Dialog.Title>
              <Dialog.Close className="rounded px-3 py-2 font-semibold underline">Close</Dialog.Close>
            </div>
            {complete ? (
              <div role="status" data-testid="feedback-complete">
                <p className="text-lg font-semibold">Thank you for your feedback!</p>
                <p className="mt-2">It helps us make the site better.</p>
                <Dialog.Close className="button-primary mt-6">Done</Dialog.Close>
              </div>
            ) : (
              <form onSubmit={send} noValidate className="flex flex-col gap-4">
                <fieldset>
                  <legend className="text-lg font-semibold">{FEEDBACK_COPY.title}</legend>
                  <div className="mt-3 flex flex-wrap gap-3">
                    {FEEDBACK_RATINGS.map((rating) => (
                      <label
                        key={rating}
                        className="flex cursor-pointer items-center gap-2 rounded border border-current px-3 py-2 has-[:checked]:bg-nav has-[:checked]:text-on-nav"
                      >
                        <input
                          type="radio"
                          name="rating"
                          value={rating}
                          checked={state.rated && state.rating === rating}
                          onChange={() => dispatch({ type: 'rate', rating })}
                        />
                        <span aria-hidden="true">{RATING_FACES[rating]}</span>
                        {RATING_LABELS[rating]}
                      </label>
                    ))}
                  </div>
                  {errors.rating ? <p className="mt-1 text-sm text-danger">{errors.rating}</p> : null}
                </fieldset>
                {state.rated ? (
                  <label className="flex flex-col gap-1">
                    <span className="font-semibold" data-testid="feedback-question">
                      {feedbackQuestion(state.rating)}
                    </span>
                    <textarea
                      name="comment"
                      rows={4}
                      maxLength={2000}
                      value={state.comment}
                      placeholder={FEEDBACK_COPY.commentPlaceholder}
                      onChange={(e) => dispatch({ type: 'comment', value: e.target.value })}
                      className="rounded border border-line p-2"
                    />
                  </label>
                ) : null}
                {errors.comment ? <p className="text-sm text-danger">{errors.comment}</p> : null}
                {signedIn ? null : (
                  <label className="flex flex-col gap-1">
                    <span className="sr-only">Email</span>
                    <input
                      type="email"
                      name="email"
                      autoComplete="email"
                      value={state.email}
                      placeholder={FEEDBACK_COPY.emailPlaceholder}
                      aria-invalid={errors.email ? true : undefined}
                      aria-describedby={errors.email ? 'feedback-email-error' : undefined}
                      onChange={(e) => dispatch({ type: 'email', value: e.target.value })}
                      className="rounded border border-line p-2"
                    />
                    {errors.email ? (
                      <span id="feedback-email-error" className="text-sm text-danger">
                        {errors.email}
                      </span>
                    ) : null}
                  </label>
                )}
                {errors.general ? (
                  <p role="alert" className="text-sm text-danger">
                    {errors.general}
                  </p>
                ) : null}
                <div>
                  <button
                    type="submit"
                    disabled={!canSendFeedback(state)}
                    className="button-primary disabled:opacity-60"
                  >
                    {state.event === 'creating' ? 'Sending...' : FEEDBACK_COPY.send}
                  </button>
                </div>
              </form>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
