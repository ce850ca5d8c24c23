/**
 * What the page shell (header, navigation drawers, sitewide banner, footer) shows, as plain data the
 * root loader sends to the browser. Built from the site data by `buildShell` in shell.server.ts.
 */
import type { NavItemType, SitewideBanner } from '@drawhouse/contract';
import type { ShopCopy, SupportChannel } from '@drawhouse/domain';
import type { Serialized } from './serialized';

export type ShellLink = { label: string; href: string; external?: boolean };

export type ShellNavItem = {
  type: NavItemType;
  label: string;
  href: string | null;
  /** Drawer items (lotto, raffle, social play, results) list the offers of their category. */
  links?: ShellLink[];
};

/** What the cart holds that changes the navigation: a lottery ticket, a syndicate share. */
export type CartHolds = ('lottery_ticket' | 'syndicate_share')[];

/** The navigation item that links straight to its page while the cart holds each kind. */
const STRAIGHT_WHEN_HOLDING: Record<CartHolds[number], NavItemType> = {
  lottery_ticket: 'lotto',
  syndicate_share: 'social_play',
};

/**
 * The navigation for this cart: while it holds a lottery ticket the lotto item links straight to
 * its page instead of opening its list of offers in the menu drawer, and while it holds a syndicate
 * share the social play item does the same. Items without a page of their own stay drawer openers.
 */
export function navForCart(nav: ShellNavItem[], holds: CartHolds | undefined): ShellNavItem[] {
  if (!holds || holds.length === 0) return nav;
  const straight = new Set(holds.map((kind) => STRAIGHT_WHEN_HOLDING[kind]));
  return nav.map((item) =>
    straight.has(item.type) && item.href && item.links
      ? { type: item.type, label: item.label, href: item.href }
      : item,
  );
}

export type FooterOfferLink = { key: string; name: string };

export type Footer = {
  siteName: string;
  aboutText: string | null;
  links: ShellLink[];
  /** Play {name} and {name} Results, per lottery. */
  lotteries: FooterOfferLink[];
  /** The per-offer results pages exist: the {name} Results links are shown. */
  results: boolean;
  /** Multi-offer sites group lotteries under Lotto Games and Lotto Results. */
  grouped: boolean;
  paymentLogos: string[];
  /** "We accept these payment methods:" in the site's locale. */
  paymentMethodsHeading: string;
  socialLinks: { network: string; label: string; url: string }[];
  supportNumber: string | null;
  supportOpeningHours: string | null;
  supportEmail: string | null;
  supportHeading: string;
  /** The support widget's phone, email and (while available) chat. */
  supportChannels: SupportChannel[];
  regulationImages: { src: string; alt: string; href: string | null }[];
  /** App download promo, only with the native-app capability. */
  nativeApp: { androidUrl: string | null; iosUrl: string | null } | null;
  /** The feedback section (feedback capability). */
  feedback: boolean;
  /** The condensed footer's links: privacy, terms, responsible gambling. */
  condensedLinks: ShellLink[];
};

export type Shell = {
  siteName: string;
  /** The site's locale, the page's `lang`. */
  lang: string;
  /** The shell's copy (error pages, footer, support) in the site's locale. */
  copy: ShopCopy;
  metaDescription: string;
  themeCss: string;
  logo: { src: string; alt: string } | null;
  nav: ShellNavItem[];
  banner: (SitewideBanner & { hash: string }) | null;
  footer: Footer;
  cartCount: number;
  signedIn: boolean;
  heartbeatActiveTimeoutSeconds: number;
  /** Idle time after which a signed-in customer is signed out (3600 s default). */
  sessionTimeoutSeconds: number;
  /**
   * Cookie consent (cookie_consent capability; null without it): the visitor's choice, null until
   * made (the banner shows). Analytics run only with 'all'.
   */
  cookieConsent: { choice: 'all' | 'essential' | null } | null;
  /** The Daily Winners item's dot for a visitor who is not signed in (signed in: RootData's). */
  membershipDot: boolean;
  /** The layouts the site config's component variants pick (A when it names none). */
  components: { homeHero: ComponentVariant };
  /** Who to contact from the 2FA forms' support link. */
  supportHref: string;
  /** The responsible_gambling capability: its page and the links to it. */
  responsibleGambling: boolean;
  /** Capabilities the account pieces of the shell check. */
  accountDetailsManage: boolean;
  accountLinks: {
    walletBalance: boolean;
    notificationSettings: boolean;
    customerDeactivate: boolean;
    favouriteNumbers: boolean;
    walletManage: boolean;
    walletDeposit: boolean;
    walletWithdrawal: boolean;
    spendLimits: boolean;
    viewingOrders: boolean;
    notificationsFeed: boolean;
    autoplayManage: boolean;
    subscriptionManage: boolean;
    combinedRecurringPurchases: boolean;
    lottoParty: boolean;
    verification: boolean;
    giveawayEntries: boolean;
  };
};

/** What the root loader sends: the site name and description for page titles, and the shell. */
/** A component's layout: the content service's component variants A, B and C. */
export type ComponentVariant = 'A' | 'B' | 'C';

export type ShellPayload = { siteName: string; metaDescription: string; shell: Serialized<Shell> };

/** A one-off message for the notification stack, from the server. */
export type FlashMessage = {
  id: string;
  title?: string;
  message: string;
  level: 'success' | 'error' | 'info';
};

/** The root loader's data: the shared shell, and for a signed-in customer their summary. */
export type RootData = ShellPayload & {
  account?: import('./account-summary').AccountSummary;
  /** The account migration modal opens (dismissible: the customer may migrate later). */
  migrationPrompt?: { dismissible: boolean };
  flash?: FlashMessage;
  /** Notifications feed entries the customer has not seen (absent: no feed for this customer). */
  unviewedNotifications?: number;
  /** The Daily Winners item's dot for a signed-in customer (absent: no dot). */
  membershipDot?: boolean;
  /** Items in the visitor's cart (absent: none); personal, so not part of the shared shell. */
  cartCount?: number;
  /** The kinds in the cart that make a navigation item a straight link (absent: none). */
  cartHolds?: CartHolds;
  /** /dev/mailbox is offered (development runs). */
  devMailbox?: boolean;
};

export const PAYMENT_LOGO_LABELS: Record<string, string> = {
  amex: 'American Express',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  mastercard: 'Mastercard',
  paypal: 'PayPal',
  visa: 'Visa',
};

export const SOCIAL_NETWORK_LABELS: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
  tiktok: 'TikTok',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
};

/** More offers than this: the Lotto Games and Lotto Results groups use two columns. */
export const FOOTER_SINGLE_COLUMN_MAX = 5;
