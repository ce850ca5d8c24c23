import { Form, useNavigation } from 'react-router';
import type { AccountSummary } from '../../lib/account-summary';

const ACTION = '/my-account/confirm-location';

/**
 * A customer located abroad confirms, in the API's words, that they are an Australian resident
 * buying for themselves; until then the shop refuses to add to the cart or buy.
 */
export function LocationBanner({ account }: { account: AccountSummary }) {
  const navigation = useNavigation();
  const asked = account.locationConfirmation;
  if (!asked) return null;
  const busy = navigation.state === 'submitting' && navigation.formAction === ACTION;
  return (
    <section
      aria-labelledby="location-banner-title"
      data-testid="location-banner"
      className="border-b border-black/10 bg-surface"
    >
      <div className="container-page flex flex-wrap items-center gap-3 py-3">
        <div className="min-w-0 flex-1 basis-64 break-words">
          <h2 id="location-banner-title" className="font-semibold">
            Confirm where you are buying from
          </h2>
          <p id="location-banner-text">{asked.text}</p>
        </div>
        <Form method="post" action={ACTION}>
          <input type="hidden" name="countryCode" value={asked.countryCode} />
          <button
            type="submit"
            disabled={busy}
            aria-describedby="location-banner-text"
            className="button-primary disabled:opacity-60"
          >
            {busy ? 'Confirming...' : 'I confirm'}
          </button>
        </Form>
      </div>
    </section>
  );
}
