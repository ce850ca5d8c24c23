/**
 * The catalogue's answers (docs/api/catalogue.md): site config, capabilities, pricings, product
 * offers with their draws, game types and raffles, branding, tips, statistics and causes.
 */
import { z } from 'zod';
import { IsoDateSchema as IsoDate, MoneySchema } from './money.ts';

export const NumberSetSchema = z.object({
  name: z.string(),
  count: z.number().int(),
  first: z.number().int(),
  last: z.number().int(),
});
export type NumberSet = z.infer<typeof NumberSetSchema>;

export const RecurringPurchaseSchema = z.object({
  type: z.enum(['autoplay', 'subscription', 'combined_recurring_purchase']),
  availability: z.enum(['always', 'optional', 'never']),
});

export const GameOfferSchema = z.object({
  key: z.string(),
  name: z.string(),
  minGames: z.number().int(),
  maxGames: z.number().int(),
  defaultGames: z.number().int(),
  defaultEntryCount: z.number().int(),
  /** Standard games one game of this offer counts as (System 8 of Powerball: 8; PowerHit: 20). */
  gamesPerEntry: z.number().int(),
  prices: z.array(z.object({ games: z.number().int(), price: MoneySchema })),
  priceCurrency: z.string(),
  numberSets: z.array(NumberSetSchema),
});
export type GameOffer = z.infer<typeof GameOfferSchema>;

export const GameTypeSchema = z.object({
  key: z.string(),
  name: z.string(),
  pathSuffix: z.string(),
  defaultGameOffer: z.string(),
  recurringPurchase: RecurringPurchaseSchema.nullable(),
  /** How an entry of this type is formed and priced, in words. */
  rule: z.string(),
  gameOffers: z.array(GameOfferSchema),
});
export type GameType = z.infer<typeof GameTypeSchema>;

export const PurchaseStatusSchema = z.enum(['open', 'pre_order', 'sold_out', 'past_draw']);
export type PurchaseStatus = z.infer<typeof PurchaseStatusSchema>;

export const UpcomingDrawSchema = z.object({
  drawId: z.string(),
  drawNo: z.number().int(),
  type: z.enum(['lottery_ticket_draw', 'syndicate_share_draw', 'raffle_ticket_draw']),
  stop: IsoDate,
  drawDate: IsoDate,
  prizePool: MoneySchema.nullable(),
  prizePoolSuffix: z.string(),
  isPrizePoolUnknown: z.boolean(),
  purchaseStatus: PurchaseStatusSchema,
  drawData: z.object({
    drawNumber: z.number().int(),
    drawStop: IsoDate,
    featureImage: z.string().nullable(),
    name: z.string(),
    value: MoneySchema.nullable(),
    drawPreOrderStartDate: IsoDate.nullable(),
  }),
});
export type UpcomingDraw = z.infer<typeof UpcomingDrawSchema>;

export const RaffleSchema = z.object({
  causeKey: z.string(),
  totalTickets: z.number().int(),
  ticketsSold: z.number().int(),
  closesAt: IsoDate,
  postalEntryAvailable: z.boolean(),
  books: z.array(z.object({ numTickets: z.number().int(), price: MoneySchema })),
  prizes: z.array(z.object({ rank: z.number().int(), name: z.string(), value: MoneySchema })),
});
export type Raffle = z.infer<typeof RaffleSchema>;

export const ProductOfferSchema = z.object({
  key: z.string(),
  type: z.enum(['lottery_ticket', 'raffle_ticket', 'syndicate_share', 'membership']),
  name: z.string(),
  url: z.string(),
  urlAliases: z.array(z.object({ subvariant: z.string(), url: z.string() })),
  availability: z.enum(['available', 'unavailable']),
  suspended: z.boolean(),
  displayCategory: z.enum(['lotto', 'raffle', 'syndicate', 'membership']),
  ranking: z.number().int(),
  highlighted: z.boolean(),
  megaJackpot: z.boolean(),
  restrictions: z.array(
    z.object({
      type: z.enum(['licensing_restriction', 'migration_restriction']),
      states: z.array(z.string()),
    }),
  ),
  lotteryKey: z.string().nullable(),
  description: z.string(),
  brand: z.object({ primaryColor: z.string(), logo: z.string() }).nullable(),
  facts: z.array(z.object({ label: z.string(), value: z.string() })),
  draws: z.array(UpcomingDrawSchema),
  gameTypes: z.array(GameTypeSchema),
  causes: z.array(z.object({ key: z.string(), urlSlug: z.string(), name: z.string() })),
  recurringPurchase: RecurringPurchaseSchema.nullable(),
  /** Syndicates: the number of shares a draw's entry is split into. */
  size: z.number().int().nullable(),
  tickets: z
    .object({ numStandardGames: z.number().int(), numGames: z.number().int(), name: z.string() })
    .nullable(),
  costPerShare: MoneySchema.nullable(),
  syndicateEncodedId: z.string().nullable(),
  syndicate: z
    .object({ totalShares: z.number().int(), sharesSold: z.number().int(), lotteryKey: z.string() })
    .nullable(),
  raffle: RaffleSchema.nullable(),
});
export type ProductOffer = z.infer<typeof ProductOfferSchema>;
export type ProductOfferType = ProductOffer['type'];
export type DisplayCategory = ProductOffer['displayCategory'];

export const ProductOffersSchema = z.object({ offers: z.array(ProductOfferSchema) });

export const ConfigSchema = z.object({
  siteName: z.string(),
  locale: z.string(),
  currency: z.string(),
  timezone: z.string(),
  defaultPricing: z.string(),
  sessionTimeoutSeconds: z.number().int(),
  heartbeatActiveTimeout: z.number().int(),
  minimumRegistrationAge: z.number().int(),
  support: z.object({
    supportNumber: z.string(),
    supportOpeningHours: z.string(),
    supportOpeningHoursList: z.array(z.string()),
    chatAvailable: z.boolean(),
    email: z.string(),
  }),
  socialLinks: z.array(z.object({ network: z.string(), url: z.string() })),
  paymentLogos: z.array(z.string()),
  regulationImages: z.array(z.object({ src: z.string(), alt: z.string(), href: z.string() })),
  nativeApp: z.object({ androidUrl: z.string(), iosUrl: z.string() }),
});
export type Config = z.infer<typeof ConfigSchema>;

export const CapabilitiesSchema = z.object({
  segments: z.array(z.object({ segmentName: z.string(), capabilities: z.array(z.string()) })),
});
export type Capabilities = z.infer<typeof CapabilitiesSchema>;

export const PricingInfoSchema = z.object({
  pricings: z.array(
    z.object({
      name: z.string(),
      segmentName: z.string(),
      description: z.string(),
      default: z.boolean(),
      /** The locale and currency the pricing's storefront is shown in: the site's unless it has its own. */
      locale: z.string(),
      currency: z.string(),
    }),
  ),
});
export type PricingInfo = z.infer<typeof PricingInfoSchema>;

export const BrandingSchema = z.object({
  brands: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      aliases: z.array(z.string()),
      regionOverrides: z.array(
        z.object({
          region: z.string(),
          name: z.string().optional(),
          primaryColor: z.string().optional(),
          logo: z.string().optional(),
        }),
      ),
      primaryColor: z.string(),
      logo: z.string(),
    }),
  ),
});

export const TipsSchema = z.object({
  tips: z.array(z.object({ id: z.string(), title: z.string(), body: z.string() })),
});

export const StatisticsSchema = z.object({
  lotteryKey: z.string(),
  drawsCounted: z.number().int(),
  fromDate: IsoDate.nullable(),
  toDate: IsoDate.nullable(),
  numberSets: z.array(
    z.object({
      name: z.string(),
      first: z.number().int(),
      last: z.number().int(),
      frequencies: z.array(
        z.object({
          number: z.number().int(),
          count: z.number().int(),
          lastDrawnDrawNo: z.number().int().nullable(),
        }),
      ),
    }),
  ),
});
export type Statistics = z.infer<typeof StatisticsSchema>;

export const CauseSchema = z.object({
  key: z.string(),
  urlSlug: z.string(),
  name: z.string(),
  summary: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  website: z.string().nullable(),
  productOfferKeys: z.array(z.string()),
});
export type Cause = z.infer<typeof CauseSchema>;

export const CausesSchema = z.object({ causes: z.array(CauseSchema) });
