import { FEEDBACK_COPY } from '@drawhouse/domain';
import { lazy, Suspense } from 'react';
import { useDrawerButton } from '../../components/use-drawer-button';

const loadDialog = () => import('./feedback-dialog');
const FeedbackDialog = lazy(loadDialog);

/**
 * The footer's feedback section: its button opens the feedback modal, whose code is fetched when
 * the visitor points at, focuses or presses the button.
 */
export function FeedbackSection({ signedIn }: { signedIn: boolean }) {
  const dialog = useDrawerButton(loadDialog);
  return (
    <section aria-labelledby="footer-feedback" data-testid="footer-feedback">
      <h2 id="footer-feedback" className="font-semibold">
        Feedback
      </h2>
      <p className="mt-2 text-sm">Tell us how we are doing.</p>
      <button
        {...dialog.buttonProps}
        data-testid="feedback-open"
        className="mt-2 rounded border border-current px-3 py-2 font-semibold"
      >
        {FEEDBACK_COPY.header}
      </button>
      {dialog.wanted ? (
        <Suspense fallback={null}>
          <FeedbackDialog
            open={dialog.open}
            onOpenChange={dialog.setOpen}
            onClosed={dialog.returnFocus}
            signedIn={signedIn}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
