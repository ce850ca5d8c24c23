import { Link, useFetcher, useLocation } from 'react-router';
import type { Shell } from '../../lib/shell';

/**
 * The sitewide banner, at the top of every page until dismissed. It stays in view while the page
 * scrolls from the md breakpoint; on a phone it scrolls away with the page, so it does not take a
 * slice of every screen. Dismiss posts to
 * /banner/dismiss, which remembers the banner's id, text and date in a cookie; with JavaScript the
 * banner hides at once, without it the page reloads without it.
 */
export function SitewideBanner({ banner }: { banner: NonNullable<Shell['banner']> }) {
  const fetcher = useFetcher();
  const location = useLocation();
  if (fetcher.state !== 'idle' || fetcher.data) return null;
  return (
    <section
      aria-label="Announcement"
      data-testid="sitewide-banner"
      className="z-[99994] bg-secondary text-on-secondary md:sticky md:top-0"
    >
      <div className="container-page flex items-center gap-4 py-2">
        <p className="flex-1">
          {banner.link ? (
            banner.link.startsWith('/') ? (
              <Link to={banner.link} className="underline underline-offset-2">
                {banner.text}
              </Link>
            ) : (
              <a href={banner.link} rel="noopener" className="underline underline-offset-2">
                {banner.text}
              </a>
            )
          ) : (
            banner.text
          )}
        </p>
        <fetcher.Form method="post" action="/banner/dismiss" preventScrollReset>
          <input type="hidden" name="bannerId" value={banner.id} />
          <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
          <button
            type="submit"
            className="rounded border border-current px-3 py-1 font-semibold hover:opacity-90"
            data-testid="sitewide-banner-dismiss"
          >
            Dismiss<span className="sr-only"> announcement</span>
          </button>
        </fetcher.Form>
      </div>
    </section>
  );
}
