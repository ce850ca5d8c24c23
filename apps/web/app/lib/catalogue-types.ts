/** The catalogue and content answers of docs/api/catalogue.md, after the client's camelCase mapping. */

export type Money = { amount: number; currency: string };

export type ServiceDescription = {
  name: string;
  basePath: string;
  versions: string[];
  defaultVersion: string;
};

export type Discovery = { services: ServiceDescription[] };

export type SiteConfig = {
  siteName: string;
  locale: string;
  currency: string;
  timezone: string;
  defaultPricing: string;
  sessionTimeoutSeconds: number;
  heartbeatActiveTimeout: number;
  minimumRegistrationAge: number;
  support: {
    supportNumber: string;
    supportOpeningHours: string;
    supportOpeningHoursList: string[];
    chatAvailable: boolean;
    email: string;
  };
  socialLinks: SocialLink[];
  paymentLogos: string[];
  regulationImages: { src: string; alt: string; href?: string | null }[];
  nativeApp: { androidUrl?: string | null; iosUrl?: string | null } | null;
};

export type SocialLink = { network: string; url: string };

export type CapabilitySegment = { segmentName: string; capabilities: string[] };
export type Capabilities = { segments: CapabilitySegment[] };

export type Pricing = { name: string; segmentName: string; description?: string; default?: boolean };

export type PurchaseStatus = 'open' | 'pre_order' | 'sold_out' | 'past_draw';

export type UpcomingDraw = {
  drawId: string;
  drawNo: number;
  type: 'lottery_ticket_draw' | 'syndicate_share_draw' | 'raffle_ticket_draw';
  stop: string;
  drawDate: string;
  prizePool: Money | null;
  prizePoolSuffix: string;
  isPrizePoolUnknown: boolean;
  purchaseStatus: PurchaseStatus;
  drawData?: {
    drawNumber: number;
    drawStop: string;
    featureImage: string | null;
    name: string;
    value: Money | null;
    drawPreOrderStartDate: string | null;
  };
};

export type NumberSet = { name: string; count: number; first: number; last: number };

export type GameOffer = {
  key: string;
  name: string;
  minGames: number;
  maxGames: number;
  defaultGames: number;
  defaultEntryCount: number;
  prices: { games: number; price: Money }[];
  priceCurrency: string;
  numberSets: NumberSet[];
};

export type RecurringPurchase = { type: string; availability: string };

export type GameType = {
  key: string;
  name: string;
  pathSuffix: string;
  defaultGameOffer: string;
  recurringPurchase: RecurringPurchase | null;
  gameOffers: GameOffer[];
};

export type Raffle = {
  causeKey: string;
  totalTickets: number;
  ticketsSold: number;
  closesAt: string;
  books: { numTickets: number; price: Money }[];
  prizes: { rank: number; name: string; value: Money | null }[];
};

export type ProductOfferType = 'lottery_ticket' | 'raffle_ticket' | 'syndicate_share' | 'membership';
export type DisplayCategory = 'lotto' | 'raffle' | 'syndicate' | 'membership';

export type ProductOffer = {
  key: string;
  type: ProductOfferType;
  name: string;
  url: string;
  urlAliases: { subvariant: string; url: string }[];
  availability: 'available' | 'unavailable';
  suspended: boolean;
  displayCategory: DisplayCategory;
  ranking: number;
  highlighted: boolean;
  megaJackpot: boolean;
  restrictions: { type: string; states?: string[] }[];
  lotteryKey: string | null;
  description: string | null;
  brand: { primaryColor: string | null; logo: string | null } | null;
  facts: { label: string; value: string }[];
  draws: UpcomingDraw[];
  gameTypes: GameType[];
  causes: { key: string; urlSlug: string; name: string }[];
  recurringPurchase: RecurringPurchase | null;
  size: number | null;
  tickets: { numStandardGames: number; numGames: number; name: string } | null;
  costPerShare: Money | null;
  syndicate: { totalShares: number; sharesSold: number; lotteryKey: string } | null;
  raffle: Raffle | null;
};

/** An offer that is shown and sold: available and not suspended. */
export function isOfferShown(offer: Pick<ProductOffer, 'availability' | 'suspended'>): boolean {
  return offer.availability === 'available' && !offer.suspended;
}

export type Cause = {
  key: string;
  urlSlug: string;
  name: string;
  summary: string | null;
  description: string | null;
  image: string | null;
  website: string | null;
  productOfferKeys: string[];
};

export type Theme = {
  colors: Partial<Record<ThemeColourName, string>>;
  logo: { src: string; alt: string } | null;
  meta: { title: string; description: string } | null;
  typography?: { headingFont?: string; bodyFont?: string; baseSize?: number } | null;
};

export type ThemeColourName =
  | 'primary'
  | 'primaryContrast'
  | 'secondary'
  | 'accent'
  | 'background'
  | 'surface'
  | 'text'
  | 'muted'
  | 'navBackground'
  | 'navText';

export type NavItemType =
  | 'lotto'
  | 'raffle'
  | 'social_play'
  | 'results'
  | 'subvariant'
  | 'external'
  | 'internal';
export type NavItem = { type: NavItemType; label: string; url: string | null };

export type SitewideBanner = { id: string; text: string; link: string | null };

export type ContentSiteConfig = {
  navigation: { primary: NavItem[] };
  componentVariants: Record<string, string>;
  sitewideBanner: SitewideBanner | null;
  footer: { aboutText?: string | null } | null;
};

export type PageBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; items: string[] };

export type ContentPage = {
  id: string;
  slug: string;
  title: string;
  metaDescription: string | null;
  blocks: PageBlock[];
};
