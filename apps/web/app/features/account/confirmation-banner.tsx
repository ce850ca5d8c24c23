import { Form, Link, useNavigation } from 'react-router';
import type { AccountSummary } from '../../lib/account-summary';

/** Screens where the banner would repeat what the page asks already. */
const HIDDEN_ON = new Set(['my-details', 'confirm-address', 'force-password-change']);

/**
 * The confirmation banner: on pages other than the account details, a customer who must confirm
 * their address or email sees Confirm and Update. Update goes to My details when the site lets
 * customers manage them, else to the account page.
 */
export function ConfirmationBanner({
  account,
  screenName,
  updateHref,
}: {
  account: AccountSummary;
  screenName?: string;
  updateHref: string;
}) {
  const navigation = useNavigation();
  if (screenName && HIDDEN_ON.has(screenName)) return null;
  const address = account.addressConfirmationRequired;
  const email = account.emailAddressConfirmationRequired;
  if (!address && !email) return null;
  // Confirm takes the address as it is, or sends the email a fresh link (the link confirms it).
  const confirmAction = address ? '/my-account/confirm-address' : '/account-verification';
  const busy = navigation.state === 'submitting' && navigation.formAction === confirmAction;
  const text = address
    ? 'Please confirm your address is still correct.'
    : `Please confirm your email address: open the link we sent to ${account.email}, or Confirm to get a new one.`;
  return (
    <section
      aria-label="Confirm your details"
      data-testid="confirmation-banner"
      className="border-b border-black/10 bg-surface"
    >
      <div className="container-page flex flex-wrap items-center gap-3 py-3">
        <p className="min-w-0 flex-1 basis-64 break-words">{text}</p>
        <Form method="post" action={confirmAction}>
          <button type="submit" disabled={busy} className="button-primary disabled:opacity-60">
            {busy ? 'Confirming...' : 'Confirm'}
          </button>
        </Form>
        <Link to={updateHref} className="button-secondary">
          Update
        </Link>
      </div>
    </section>
  );
}
