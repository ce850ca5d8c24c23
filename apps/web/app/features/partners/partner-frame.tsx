import type { Partner } from '@drawhouse/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A partner purchase page: the partner's own header (its name, colours and line) and a small footer,
 * in place of the shop's header, navigation and footer.
 */
export function PartnerFrame({
  partner,
  children,
}: {
  partner: Pick<Partner, 'name' | 'slug' | 'branding'>;
  children: ReactNode;
}) {
  const colours = { backgroundColor: partner.branding.primaryColor, color: partner.branding.onPrimaryColor };
  return (
    <div className="flex min-h-full flex-col" data-testid="partner-frame">
      <header style={colours} data-testid="partner-header">
        <div className="container-page py-5">
          <p className="text-2xl font-extrabold">
            <Link to={`/purchase/${encodeURIComponent(partner.slug)}`}>{partner.name}</Link>
          </p>
          <p className="mt-1">{partner.branding.tagline}</p>
        </div>
      </header>
      <div className="container-page flex-1 py-8">{children}</div>
      <footer className="border-t border-black/15">
        <div className="container-page flex flex-wrap gap-4 py-4 text-sm">
          <p>Tickets are sold by Drawhouse for {partner.name}.</p>
          <Link to="/about/responsible-gaming" className="underline">
            Gamble responsibly
          </Link>
          <Link to="/about/terms-and-conditions" className="underline">
            Terms and conditions
          </Link>
        </div>
      </footer>
    </div>
  );
}
