import { data } from 'react-router';
import { calendarPdf } from '../features/recurring/calendar-pdf.server';
import { offerKeyOfCalendarFile, subscriptionCalendar } from '../features/recurring/calendar-view';
import { pageNow } from '../lib/clock';
import { loadSite } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/subscription-calendar-pdf';

/**
 * GET /public/pdf/subscription/{key}-calendar.pdf: the coming draws of an offer as a PDF, built from
 * the catalogue's upcoming draws. Answered from the middleware so an unknown offer falls through to
 * the loader and is the shop's 404 page. Kept 10 minutes: draws and jackpots change slowly.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ params, context }, next) => {
    const key = offerKeyOfCalendarFile(params.file);
    if (!key) return next();
    const site = await loadSite(visitorOf(context));
    const offer = site.offers.find((o) => o.key === key && o.type !== 'membership');
    if (!offer) return next();
    const calendar = subscriptionCalendar(offer, pageNow());
    const bytes = await calendarPdf(calendar, new Date());
    return new Response(bytes, {
      status: 200,
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${calendar.fileName}"`,
        'Cache-Control': 'private, max-age=600',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  },
];

/** Reached only for a file that names no offer with draws. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function SubscriptionCalendarPdf() {
  return null;
}
