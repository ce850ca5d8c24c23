import { Link, useLocation } from 'react-router';
import type { AccountSummary } from '../../lib/account-summary';
import { AccountBanner } from './account-banner';

const SPEND_LIMITS = '/my-account/spend-limits';

/**
 * A customer whose state's rules ask for a spend limit before buying, and who has none, is told so on
 * every page (adding to the cart and buying send them to the spend limits page); it goes once a
 * spend limit of any period is set.
 */
export function SpendLimitBanner({ account }: { account: AccountSummary }) {
  const { pathname } = useLocation();
  if (!account.spendLimitRequired) return null;
  const here = pathname === SPEND_LIMITS;
  const action = here ? null : (
    <Link
      to={SPEND_LIMITS}
      aria-describedby="spend-limit-banner-text"
      className="button-primary"
      data-testid="spend-limit-banner-link"
    >
      Set a spend limit
    </Link>
  );
  return (
    <AccountBanner
      id="spend-limit-banner"
      title="Set a spend limit before you buy"
      textId="spend-limit-banner-text"
      action={action}
    >
      The rules of your state ask every customer to choose a spend limit before buying.{' '}
      {here
        ? 'Set a daily, weekly or monthly limit below; you can buy as soon as one is set.'
        : 'Set a daily, weekly or monthly limit, then buy as usual.'}
    </AccountBanner>
  );
}
