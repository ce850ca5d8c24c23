import { Link } from 'react-router';
import { FOOTER_SINGLE_COLUMN_MAX, type Footer, PAYMENT_LOGO_LABELS, type ShellLink } from '../../lib/shell';
import { FeedbackSection } from '../feedback/feedback-section';

function FooterLink({ link }: { link: ShellLink }) {
  return (
    <Link to={link.href} className="hover:underline">
      {link.label}
    </Link>
  );
}

function PaymentMethods({ logos, heading }: { logos: string[]; heading: string }) {
  if (logos.length === 0) return null;
  return (
    <section aria-labelledby="footer-payment-methods" data-testid="footer-payment-methods">
      <h2 id="footer-payment-methods" className="text-sm font-semibold">
        {heading}
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {logos.map((logo) => (
          <li key={logo} className="rounded border border-current px-2 py-1 text-xs font-semibold">
            {PAYMENT_LOGO_LABELS[logo] ?? logo}
          </li>
        ))}
      </ul>
    </section>
  );
}

function columnClass(count: number): string {
  return count > FOOTER_SINGLE_COLUMN_MAX ? 'grid grid-cols-2 gap-x-6 gap-y-1' : 'flex flex-col gap-1';
}

function LotteryLinks({ footer }: { footer: Footer }) {
  const { lotteries } = footer;
  if (lotteries.length === 0) return null;
  if (!footer.grouped) {
    return (
      <section aria-label="Lotteries" className="flex flex-col gap-1">
        {lotteries.map((l) => (
          <div key={l.key} className="flex flex-col gap-1">
            <Link to={`/${l.key}`} className="hover:underline">
              Play {l.name}
            </Link>
            {footer.results ? (
              <Link to={`/${l.key}/results`} className="hover:underline">
                {l.name} Results
              </Link>
            ) : null}
          </div>
        ))}
      </section>
    );
  }
  return (
    <>
      <section aria-labelledby="footer-lotto-games" data-testid="footer-lotto-games">
        <h2 id="footer-lotto-games" className="font-semibold">
          Lotto Games
        </h2>
        <ul className={`mt-2 ${columnClass(lotteries.length)}`}>
          {lotteries.map((l) => (
            <li key={l.key}>
              <Link to={`/${l.key}`} className="hover:underline">
                Play {l.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {footer.results ? (
        <section aria-labelledby="footer-lotto-results" data-testid="footer-lotto-results">
          <h2 id="footer-lotto-results" className="font-semibold">
            Lotto Results
          </h2>
          <ul className={`mt-2 ${columnClass(lotteries.length)}`}>
            {lotteries.map((l) => (
              <li key={l.key}>
                <Link to={`/${l.key}/results`} className="hover:underline">
                  {l.name} Results
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/**
 * The support widget: how to reach support (phone with its hours, email, Chat Online only while chat
 * is available). The footer's Customer support link leads to the support page.
 */
function SupportWidget({ footer }: { footer: Footer }) {
  return (
    <section aria-labelledby="footer-support" data-testid="support-widget">
      <h2 id="footer-support" className="font-semibold">
        {footer.supportHeading}
      </h2>
      <ul className="mt-2 flex flex-col gap-1">
        {footer.supportChannels.map((channel) => (
          <li key={channel.kind}>
            {channel.kind === 'phone' ? 'Call ' : null}
            <a href={channel.href} className="underline" data-testid={`support-${channel.kind}`}>
              {channel.label}
            </a>
            {channel.kind === 'phone' && footer.supportOpeningHours ? (
              <span className="block text-sm">{footer.supportOpeningHours}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The store buttons of the app promo: only the stores the site config gives an address for. */
function appStoreLinks(nativeApp: NonNullable<Footer['nativeApp']>): { href: string; label: string }[] {
  return [
    { href: nativeApp.iosUrl, label: 'Download on the App Store' },
    { href: nativeApp.androidUrl, label: 'Get it on Google Play' },
  ].filter((store): store is { href: string; label: string } => store.href !== null);
}

export function FullFooter({ footer, signedIn }: { footer: Footer; signedIn: boolean }) {
  return (
    <footer className="mt-12 bg-nav text-on-nav" data-testid="footer">
      <div className="container-page grid gap-8 py-10 md:grid-cols-4">
        <SupportWidget footer={footer} />
        <nav aria-label="Footer">
          <ul className="flex flex-col gap-1">
            {footer.links.map((link) => (
              <li key={link.href}>
                <FooterLink link={link} />
              </li>
            ))}
          </ul>
        </nav>
        <LotteryLinks footer={footer} />
        {footer.feedback ? <FeedbackSection signedIn={signedIn} /> : null}
      </div>
      <div className="container-page flex flex-col gap-6 border-t border-white/20 py-6 md:flex-row md:items-start md:justify-between">
        <PaymentMethods logos={footer.paymentLogos} heading={footer.paymentMethodsHeading} />
        {footer.socialLinks.length > 0 ? (
          <section aria-labelledby="footer-social">
            <h2 id="footer-social" className="text-sm font-semibold">
              Follow us
            </h2>
            <ul className="mt-2 flex flex-wrap gap-3">
              {footer.socialLinks.map((s) => (
                <li key={s.network}>
                  <a href={s.url} rel="noopener" className="underline">
                    {s.label}
                    <span className="sr-only">
                      {' '}
                      ({footer.siteName} on {s.label})
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {footer.nativeApp ? (
          <section aria-labelledby="footer-app" data-testid="footer-app-promo">
            <h2 id="footer-app" className="text-sm font-semibold">
              <Link to="/app" className="underline">
                Get the {footer.siteName} app
              </Link>
            </h2>
            {appStoreLinks(footer.nativeApp).length > 0 ? (
              <ul className="mt-2 flex gap-3">
                {appStoreLinks(footer.nativeApp).map((store) => (
                  <li key={store.href}>
                    <a href={store.href} rel="noopener" className="underline">
                      {store.label}
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm">Not in the app stores yet.</p>
            )}
          </section>
        ) : null}
      </div>
      {footer.regulationImages.length > 0 || footer.aboutText ? (
        <div className="container-page flex flex-col gap-4 border-t border-white/20 py-6">
          {footer.regulationImages.length > 0 ? (
            <ul className="flex flex-wrap items-center gap-4" aria-label="Regulation">
              {footer.regulationImages.map((image) => (
                <li key={image.src} className="rounded bg-white p-1">
                  {image.href ? (
                    <a href={image.href} rel="noopener">
                      <img
                        src={image.src}
                        alt={image.alt}
                        height={40}
                        className="h-10 w-auto"
                        loading="lazy"
                      />
                    </a>
                  ) : (
                    <img src={image.src} alt={image.alt} height={40} className="h-10 w-auto" loading="lazy" />
                  )}
                </li>
              ))}
            </ul>
          ) : null}
          {footer.aboutText ? <p className="text-sm">{footer.aboutText}</p> : null}
        </div>
      ) : null}
    </footer>
  );
}

export function CondensedFooter({ footer }: { footer: Footer }) {
  return (
    <footer className="mt-12 bg-nav text-on-nav" data-testid="footer-condensed">
      <div className="container-page flex flex-col gap-4 py-6 md:flex-row md:items-center md:justify-between">
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-4">
            {footer.condensedLinks.map((link) => (
              <li key={link.href}>
                <FooterLink link={link} />
              </li>
            ))}
          </ul>
        </nav>
        <PaymentMethods logos={footer.paymentLogos} heading={footer.paymentMethodsHeading} />
      </div>
    </footer>
  );
}
