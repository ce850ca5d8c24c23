import { Form, useNavigation } from 'react-router';
import type { AccountSummary } from '../../lib/account-summary';
import { AccountBanner } from './account-banner';

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
  const action = (
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
  );
  return (
    <AccountBanner
      id="location-banner"
      title="Confirm where you are buying from"
      textId="location-banner-text"
      action={action}
    >
      {asked.text}
    </AccountBanner>
  );
}
