/**
 * The copy of the error pages (404, no products, maintenance, server busy, an unexpected failure)
 * and which page a status shows. Apart from the form messages (validation-messages.ts): every
 * page's layout needs these for its title, not the forms' messages.
 */

export type ErrorPageCopy = {
  title?: string;
  text: string;
  hint?: string;
  homeLink?: string;
  button?: string;
};

export const ERROR_PAGE_COPY = {
  /** 404 */
  notFound: {
    title: 'Something went wrong.',
    text: "It's looking like you may have taken a wrong turn.",
    homeLink: 'Try heading home and finding your bearings.',
  },
  /** 418: no products */
  noProducts: {
    title: "It's not you, it's us!",
    text: 'There are currently no products available, please check back later. Thank you for being patient.',
  },
  /** 503: maintenance */
  maintenance: {
    title: "There's a spanner in the works!",
    text: "We'll be up and running again soon after this scheduled maintenance.",
  },
  /** any other status */
  serverBusy: {
    text: 'We are experiencing large load times on our server. Thank you for being patient.',
  },
  /** an unexpected error while rendering; the error state resets on navigation */
  fallback: {
    title: "It's not you, it's us!",
    text: 'Looks like something went wrong on our end.',
    hint: 'Please try reloading or go back to the Homepage.',
    button: 'Reload page',
  },
} as const satisfies Record<string, ErrorPageCopy>;

export type ErrorPageKind = 'notFound' | 'noProducts' | 'maintenance' | 'serverBusy';

/** Which error page a status shows: 404, 418 and 503 have their own, any other shows server busy. */
export function errorPageKind(status: number): ErrorPageKind {
  if (status === 404) return 'notFound';
  if (status === 418) return 'noProducts';
  if (status === 503) return 'maintenance';
  return 'serverBusy';
}
