import type { Config, ProductOffer } from '@drawhouse/contract';
import { describe, expect, it } from 'vitest';
import { parseCookies } from './cookies';
import {
  BANNER_COOKIE,
  bannerDismissalCookie,
  buildFooter,
  buildNavigation,
  buildShell,
  isBannerDismissed,
  pageOn,
  shellPayload,
} from './shell.server';
import type { Site } from './site.server';
import { translationsOf } from './translations.server';
import type { Visitor } from './visitor.server';

function offer(key: string, ranking: number, extra: Partial<ProductOffer> = {}): ProductOffer {
  return {
    key,
    type: 'lottery_ticket',
    name: key.replace(/-/g, ' '),
    url: `/${key}`,
    urlAliases: [],
    availability: 'available',
    suspended: false,
    displayCategory: 'lotto',
    ranking,
    highlighted: false,
    megaJackpot: false,
    restrictions: [],
    lotteryKey: key,
    description: '',
    brand: null,
    facts: [],
    draws: [],
    gameTypes: [],
    causes: [],
    recurringPurchase: null,
    size: null,
    tickets: null,
    costPerShare: null,
    syndicateEncodedId: null,
    syndicate: null,
    raffle: null,
    ...extra,
  };
}

const config: Config = {
  siteName: 'Drawhouse',
  locale: 'en-AU',
  currency: 'AUD',
  timezone: 'Australia/Sydney',
  defaultPricing: 'default',
  sessionTimeoutSeconds: 3600,
  heartbeatActiveTimeout: 600,
  minimumRegistrationAge: 18,
  support: {
    supportNumber: '1300 000 000',
    supportOpeningHours: '9-5',
    supportOpeningHoursList: [],
    chatAvailable: false,
    email: 'help@d.test',
  },
  socialLinks: [
    { network: 'facebook', url: 'https://facebook.test/d' },
    { network: 'tiktok', url: 'javascript:alert(1)' },
  ],
  paymentLogos: ['visa', 'paypal'],
  regulationImages: [{ src: '/cms/files/reg', alt: 'Regulated', href: 'https://reg.test' }],
  nativeApp: { androidUrl: 'https://play.test/d', iosUrl: '' },
};

const colours = {
  primary: '#000',
  primaryContrast: '#fff',
  secondary: '#111',
  accent: '#222',
  background: '#fff',
  surface: '#eee',
  text: '#000',
  muted: '#666',
  navBackground: '#000',
  navText: '#fff',
};

function site(capabilities: string[], offers: ProductOffer[] = []): Site {
  return {
    config,
    theme: {
      colors: colours,
      logo: { src: '/cms/files/logo', alt: 'Drawhouse' },
      meta: { title: 'Drawhouse', description: 'Shop' },
      motifs: {},
      typography: { headingFont: 'serif', bodyFont: 'sans-serif', baseSize: 16 },
    },
    content: {
      navigation: { primary: [] },
      componentVariants: {},
      sitewideBanner: { id: 'b1', text: 'Big draw', link: null },
      footer: { aboutText: '' },
    },
    pricing: 'default',
    segmentName: 'default',
    locale: 'en-AU',
    currency: 'AUD',
    capabilities,
    offers,
  };
}

const visitor = (cookies: Record<string, string> = {}) =>
  ({ cookies, signedIn: false }) as unknown as Visitor;

describe('footer', () => {
  it('follows the capability rules for its links', () => {
    const labels = (caps: string[]) => buildFooter(site(caps)).links.map((l) => l.label);
    expect(labels([])).toEqual([
      'Buy tickets',
      'Customer support',
      'About us',
      'Privacy',
      'Terms and conditions',
    ]);
    expect(labels(['cookie_consent', 'terms_of_use', 'blog', 'support_faq', 'responsible_gambling'])).toEqual(
      [
        'Buy tickets',
        'Customer support',
        'Privacy',
        'Cookie policy',
        'Terms and conditions',
        'Terms of use',
        'News',
        'Responsible gambling',
      ],
    );
  });

  it('links responsible gambling, condensed too, only with its capability', () => {
    const condensed = (caps: string[]) => buildFooter(site(caps)).condensedLinks.map((l) => l.href);
    expect(condensed(['responsible_gambling'])).toContain('/about/responsible-gaming');
    expect(condensed([])).not.toContain('/about/responsible-gaming');
    expect(buildShell(site(['responsible_gambling']), visitor()).responsibleGambling).toBe(true);
    expect(buildShell(site([]), visitor()).responsibleGambling).toBe(false);
  });

  it('links every page that has landed: support, results and news', () => {
    const footer = buildFooter(site(['blog', 'support_faq', 'multi_offer_site'], [offer('powerball', 1)]));
    const hrefs = footer.links.map((l) => l.href);
    expect(hrefs).toContain('/your-support');
    expect(hrefs).toContain('/blog');
    expect(footer.results).toBe(true);
  });

  it('offers phone and email in the support widget, and Chat Online only while chat is available', () => {
    const kinds = (chatAvailable: boolean) =>
      buildFooter({
        ...site([]),
        config: { ...config, support: { ...config.support, chatAvailable } },
      }).supportChannels.map((c) => c.kind);
    expect(kinds(false)).toEqual(['phone', 'email']);
    expect(kinds(true)).toEqual(['phone', 'email', 'chat']);
  });

  it('shows the feedback section only with the feedback capability', () => {
    expect(buildFooter(site([])).feedback).toBe(false);
    expect(buildFooter(site(['feedback'])).feedback).toBe(true);
  });

  it('drops a regulation image link to a page that has not landed, and keeps the others', () => {
    const withLinks = {
      ...config,
      regulationImages: [
        { src: '/cms/files/a', alt: 'A', href: '/about/responsible-gaming' },
        { src: '/cms/files/b', alt: 'B', href: '/blog' },
      ],
    };
    // No blog capability: the news page is not on for this segment.
    const footer = buildFooter({ ...site(['responsible_gambling']), config: withLinks });
    expect(footer.regulationImages.map((i) => i.href)).toEqual(['/about/responsible-gaming', null]);
  });

  it('lists lotteries only, groups them on multi-offer sites, and shows the app promo only with native-app', () => {
    const offers = [
      offer('oz-lotto', 2),
      offer('powerball', 1),
      offer('raffle', 3, { type: 'raffle_ticket', displayCategory: 'raffle' }),
      offer('gone', 4, { availability: 'unavailable' }),
    ];
    const single = buildFooter(site([], offers));
    expect(single.lotteries.map((l) => l.key)).toEqual(['powerball', 'oz-lotto']);
    expect(single.grouped).toBe(false);
    expect(single.nativeApp).toBeNull();
    const multi = buildFooter(site(['multi_offer_site', 'native-app'], offers));
    expect(multi.grouped).toBe(true);
    expect(multi.nativeApp).toEqual({ androidUrl: 'https://play.test/d', iosUrl: null });
  });

  it('drops links that are not http(s) or site paths', () => {
    expect(buildFooter(site([])).socialLinks.map((s) => s.network)).toEqual(['facebook']);
  });
});

describe('navigation', () => {
  it('lists the offers of each drawer and keeps plain links', () => {
    const offers = [
      offer('powerball', 1),
      offer('home-raffle', 2, { type: 'raffle_ticket', displayCategory: 'raffle' }),
      offer('pb-syndicate', 3, { type: 'syndicate_share', displayCategory: 'syndicate' }),
    ];
    const nav = buildNavigation(
      [
        { type: 'lotto', label: 'Lotto', url: '/lotto-tickets' },
        { type: 'raffle', label: 'Raffles', url: null },
        { type: 'social_play', label: 'Syndicates', url: '/syndicates' },
        { type: 'results', label: 'Results', url: '/lotto-results' },
        { type: 'external', label: 'Help', url: 'https://help.test' },
        { type: 'internal', label: 'Bad', url: '//evil.test' },
        { type: 'internal', label: 'Worse', url: '/\\evil.test' },
      ],
      site(['commercial_lotteries', 'syndicates'], offers),
    );
    expect(nav.map((n) => [n.label, n.href, n.links?.map((l) => l.href)])).toEqual([
      // The lotto listing needs multi_offer_site too: its drawer keeps the offers, not the link.
      ['Lotto', null, ['/powerball']],
      ['Raffles', null, ['/home-raffle']],
      ['Syndicates', '/syndicates', ['/pb-syndicate']],
      // Each lottery's and raffle's results; the listing of every result needs multi_offer_site.
      ['Results', null, ['/powerball/results', '/home-raffle/results']],
      ['Help', 'https://help.test', undefined],
    ]);
  });

  it('lists Lotto Party first among the syndicates where group play is sold, and a membership after the offers', () => {
    const offers = [
      offer('powerball', 1),
      offer('pb-syndicate', 3, { type: 'syndicate_share', displayCategory: 'syndicate' }),
      offer('daily-winners', 4, { type: 'membership', displayCategory: 'membership', name: 'Daily Winners' }),
    ];
    const items = [
      { type: 'lotto' as const, label: 'Lotto', url: '/lotto-tickets' },
      { type: 'social_play' as const, label: 'Syndicates', url: '/syndicates' },
      { type: 'external' as const, label: 'Help', url: 'https://help.test' },
    ];
    const nav = buildNavigation(
      items,
      site(
        ['social-syndicates', 'commercial_lotteries', 'multi_offer_site', 'syndicates', 'membership_program'],
        offers,
      ),
    );
    expect(nav.map((n) => [n.label, n.href, n.links?.map((l) => l.label)])).toEqual([
      ['Lotto', '/lotto-tickets', ['powerball']],
      ['Syndicates', '/syndicates', ['Lotto Party', 'pb syndicate']],
      ['Daily Winners', '/daily-winners', undefined],
      ['Help', 'https://help.test', undefined],
    ]);
    // Without group play the syndicates drawer lists the syndicates only; a listing page the
    // segment lacks is not linked.
    const plain = buildNavigation(items, site([], offers));
    expect(plain[1]?.links?.map((l) => l.href)).toEqual(['/pb-syndicate']);
    expect(plain.map((n) => n.href)).toEqual([null, null, '/daily-winners', 'https://help.test']);
  });
});

describe('page links', () => {
  it('a page is linked once its route has landed and the segment has its capabilities', () => {
    expect(pageOn(site([]), '/about/cookie-policy')).toBe(false);
    expect(pageOn(site(['cookie_consent']), '/about/cookie-policy')).toBe(true);
    expect(pageOn(site([]), '/blog')).toBe(false);
    expect(pageOn(site(['blog']), '/blog')).toBe(true);
    expect(pageOn(site([]), '/lotto-results')).toBe(false);
    expect(pageOn(site(['multi_offer_site']), '/lotto-results')).toBe(true);
  });

  it('hides a banner link to a page that has not landed', () => {
    // No blog capability: the news page is not on for this segment.
    const banner = { id: 'b1', text: 'Read the news', link: '/blog' };
    const shown = buildShell(
      {
        ...site(['sitewide_banner']),
        content: { ...site([]).content, sitewideBanner: banner },
      },
      visitor(),
    );
    expect(shown.banner?.link).toBeNull();
  });
});

describe('component variants', () => {
  it('the home hero takes the layout the site config names, A when it names none', () => {
    const base = site([]);
    expect(buildShell(base, visitor()).components.homeHero).toBe('A');
    for (const variant of ['B', 'C'] as const) {
      const chosen = { ...base, content: { ...base.content, componentVariants: { homeHero: variant } } };
      expect(buildShell(chosen, visitor()).components.homeHero).toBe(variant);
    }
  });
});

describe('sitewide banner', () => {
  const banner = { id: 'b1', text: 'Big draw', link: null };

  it('stays dismissed for the same id and text, and comes back when the text changes', () => {
    const cookie = bannerDismissalCookie(banner, new Date('2026-11-22T01:00:00Z'), false);
    const value = parseCookies(cookie.split(';')[0])[BANNER_COOKIE];
    expect(value).toMatch(/^b1\|[0-9a-f]{16}\|2026-11-22$/);
    expect(isBannerDismissed(banner, value)).toBe(true);
    expect(isBannerDismissed({ ...banner, text: 'Bigger draw' }, value)).toBe(false);
    expect(isBannerDismissed({ ...banner, id: 'b2' }, value)).toBe(false);
    expect(isBannerDismissed(banner, undefined)).toBe(false);
  });

  it('shows only with the sitewide_banner capability and until dismissed; the shell is memoised', () => {
    const s = site(['sitewide_banner']);
    const first = shellPayload(s, visitor());
    expect(JSON.parse(first.shell).banner).toMatchObject({ id: 'b1', text: 'Big draw' });
    expect(shellPayload(s, visitor())).toBe(first);
    const cookie = bannerDismissalCookie(banner, new Date(), false);
    const dismissed = parseCookies(cookie.split(';')[0])[BANNER_COOKIE] ?? '';
    expect(JSON.parse(shellPayload(s, visitor({ [BANNER_COOKIE]: dismissed })).shell).banner).toBeNull();
    expect(JSON.parse(shellPayload(site([]), visitor()).shell).banner).toBeNull();
  });

  it("shows the locale's translations of the shell's copy, the default wording for any it lacks", () => {
    const gb = translationsOf('en-GB', [
      new Map([['footer.paymentMethods', 'We take payment by:']]),
      new Map([
        ['support.number', '0330 000 0000'],
        ['support.chat', 'Chat online'],
        ['errors.notFound.text', 'A wrong turning.'],
      ]),
    ]);
    const s = {
      ...site([]),
      locale: 'en-GB',
      config: { ...config, support: { ...config.support, chatAvailable: true } },
    };
    const shell = buildShell(s, visitor(), gb);
    expect(shell.lang).toBe('en-GB');
    expect(shell.copy['errors.notFound.text']).toBe('A wrong turning.');
    expect(shell.copy['errors.notFound.title']).toBe('Something went wrong.');
    expect(shell.footer.paymentMethodsHeading).toBe('We take payment by:');
    expect(shell.footer.supportHeading).toBe("Got a question? We're here to help");
    expect(shell.footer.supportNumber).toBe('0330 000 0000');
    expect(shell.footer.supportOpeningHours).toBe('9-5');
    expect(shell.footer.supportChannels.map((c) => c.label)).toEqual([
      '0330 000 0000',
      'Email us',
      'Chat online',
    ]);
    const au = buildShell(site([]), visitor());
    expect(au.lang).toBe('en-AU');
    expect(au.footer.paymentMethodsHeading).toBe('We accept these payment methods:');
  });

  it('keeps the memoised shell while the translation groups are the same, and builds anew when they change', () => {
    const s = site([]);
    const group = new Map([['footer.paymentMethods', 'Pay with:']]);
    const first = shellPayload(s, visitor(), translationsOf('en-AU', [group]));
    expect(shellPayload(s, visitor(), translationsOf('en-AU', [group]))).toBe(first);
    const changed = shellPayload(s, visitor(), translationsOf('en-AU', [new Map(group)]));
    expect(changed).not.toBe(first);
    expect(JSON.parse(changed.shell).footer.paymentMethodsHeading).toBe('Pay with:');
  });

  it('offers the favourite numbers account link only with its capability', () => {
    const links = (caps: string[]) => buildShell(site(caps), visitor()).accountLinks;
    expect(links(['favourite_numbers']).favouriteNumbers).toBe(true);
    expect(links([]).favouriteNumbers).toBe(false);
  });

  it('dots the Daily Winners item for signed-out visitors of a site with the programme; signed in, the membership decides', () => {
    const signedIn = { cookies: {}, signedIn: true } as unknown as Visitor;
    expect(buildShell(site(['membership_program']), visitor()).membershipDot).toBe(true);
    expect(buildShell(site([]), visitor()).membershipDot).toBe(false);
    expect(buildShell(site(['membership_program']), signedIn).membershipDot).toBe(false);
  });

  it('offers the giveaway lists in the account menu only with the giveaway_entries capability', () => {
    const links = (caps: string[]) => buildShell(site(caps), visitor()).accountLinks;
    expect(links(['giveaway_entries']).giveawayEntries).toBe(true);
    expect(links([]).giveawayEntries).toBe(false);
  });

  it('offers the verify account link only with the verification and verify_id capabilities', () => {
    const links = (caps: string[]) => buildShell(site(caps), visitor()).accountLinks;
    expect(links(['verification', 'verify_id']).verification).toBe(true);
    expect(links(['verification']).verification).toBe(false);
    expect(links([]).verification).toBe(false);
  });
  it('asks for cookie consent with the cookie_consent capability until the visitor chooses, and remembers the choice', () => {
    const consent = (caps: string[], cookie?: string) =>
      JSON.parse(shellPayload(site(caps), visitor(cookie ? { cookie_consent: cookie } : {})).shell)
        .cookieConsent;
    expect(consent(['cookie_consent'])).toEqual({ choice: null });
    expect(consent(['cookie_consent'], 'essential,non_essential')).toEqual({ choice: 'all' });
    expect(consent(['cookie_consent'], 'essential')).toEqual({ choice: 'essential' });
    expect(consent(['cookie_consent'], 'tampered')).toEqual({ choice: null });
    expect(consent([], 'essential,non_essential')).toBeNull();
  });
});
