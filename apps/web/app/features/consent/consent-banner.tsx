import { Link } from 'react-router';
import { ConsentButtons } from './consent-form';

/**
 * The cookie consent banner, at the top of the page until the visitor chooses. Essential cookies
 * (sign-in, cart, this choice) are always set; analytics and any third-party script only with
 * "Accept all". In the page's flow, so it never covers what is under it.
 */
export function ConsentBanner() {
  return (
    <section aria-labelledby="consent-heading" data-testid="consent-banner" className="bg-surface text-ink">
      <div className="container-page flex flex-col gap-3 py-4 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="consent-heading" className="font-semibold">
            Cookies on this site
          </h2>
          <p className="text-sm">
            We use essential cookies to run the shop. With your consent we also use analytics cookies to learn
            how the site is used.{' '}
            <Link to="/about/cookie-policy" className="underline">
              Cookie policy
            </Link>
          </p>
        </div>
        <ConsentButtons current={null} />
      </div>
    </section>
  );
}
