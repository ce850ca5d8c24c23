/**
 * Daily Winners, the membership programme, on the rewards service (`/rewards`, version 1.0): the
 * programme's config, the customer's membership with their entries and the upcoming giveaways,
 * joining and leaving, unlocking a giveaway, the benefits; and the shop's public giveaway pages
 * (a giveaway with its provably fair proof, the winners). Rules are the domain's `membership.ts`.
 */
import { z } from 'zod';
import { IsoDateSchema, MoneySchema } from './money.ts';

export const MembershipStatusSchema = z.enum(['member', 'non-member', 'pending-deposit']);
export const MembershipTierSchema = z.enum(['free', 'premium']);
export const GiveawayTypeSchema = z.enum(['daily', 'major', 'monthly', 'preview', 'special']);
export const EntryStatusSchema = z.enum(['locked', 'unlocked', 'guaranteed']);
export const UnlockStateSchema = z.enum(['pending', 'resolved']);
export const CallToActionSchema = z.object({
  kind: z.enum(['premium', 'join-all', 'join-premium', 'locked', 'closed-member', 'closed-non-member']),
  text: z.string(),
  action: z.enum(['none', 'join', 'upgrade', 'unlock', 'winners']),
});
export type CallToActionView = z.infer<typeof CallToActionSchema>;

/** `GET /rewards/v4/config`: the programme as the shop shows it. */
export const MembershipProgramConfigSchema = z.object({
  programId: z.string(),
  programName: z.string(),
  /** The programme's path in the shop (`daily-winners`). */
  programUrl: z.string(),
  giveawayTypes: z.array(
    z.object({ type: GiveawayTypeSchema, name: z.string(), tier: MembershipTierSchema }),
  ),
  /** Paid tiers on sale: the membership offer's billing periods with their prices. */
  premiumOffers: z.array(
    z.object({ key: z.string(), name: z.string(), period: z.string(), price: MoneySchema }),
  ),
  /** The product offer to put in the cart for premium (`daily-winners`). */
  membershipOfferKey: z.string(),
  pageLimit: z.number().int(),
});
export type MembershipProgramConfig = z.infer<typeof MembershipProgramConfigSchema>;

export const GiveawayPrizeSchema = z.object({
  title: z.string(),
  amount: MoneySchema,
  /** Cash goes to the wallet (withdrawable); credit is promotional credit for tickets. */
  kind: z.enum(['cash', 'credit']),
});
export type GiveawayPrize = z.infer<typeof GiveawayPrizeSchema>;

/** The proof of a giveaway draw: the commitment from its opening, the seed and winners once drawn. */
export const GiveawayProofSchema = z.object({
  algorithm: z.string(),
  version: z.number().int(),
  /** The message key the draw hashes (`giveaway-{type}`), with the draw number. */
  drawKey: z.string(),
  commitment: z.string(),
  seed: z.string().optional(),
  /** Entries in the draw, numbered 1..entries in the order they were counted at the close. */
  entries: z.number().int().optional(),
  winningEntries: z.array(z.number().int()).optional(),
});
export type GiveawayProof = z.infer<typeof GiveawayProofSchema>;

/** A giveaway draw (spec: Draw, membership). */
export const GiveawaySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  externalId: z.string(),
  type: GiveawayTypeSchema,
  /** Which members it is for: every member (free) or premium members. */
  tier: MembershipTierSchema,
  title: z.string(),
  description: z.string(),
  /** A short label shown on the card ("Tonight", "$5,000"). */
  pill: z.string().nullable(),
  /** The trade promotion permit numbers, as the terms show them. */
  permits: z.string().nullable(),
  availability: z.enum(['available', 'unavailable']),
  images: z.array(z.object({ url: z.string(), alt: z.string() })),
  details: z.object({ title: z.string(), transferToken: z.string().nullable(), url: z.string().nullable() }),
  open: IsoDateSchema,
  close: IsoDateSchema,
  state: z.enum(['open', 'closed', 'drawn']),
  prizes: z.array(GiveawayPrizeSchema),
  /** The shop's page of the giveaway. */
  url: z.string(),
});
export type Giveaway = z.infer<typeof GiveawaySchema>;

/** A giveaway as one customer sees it: their entry status, unlock and call to action. */
export const CustomerGiveawaySchema = GiveawaySchema.extend({
  entryStatus: EntryStatusSchema.nullable(),
  unlock: UnlockStateSchema.nullable(),
  /** The customer's entry number once the giveaway has closed (null: not in the draw). */
  entryNumber: z.number().int().nullable(),
  /** What the customer won in it, if anything. */
  won: GiveawayPrizeSchema.nullable(),
  callToAction: CallToActionSchema,
});
export type CustomerGiveaway = z.infer<typeof CustomerGiveawaySchema>;

/** `GET /rewards/v3/customer`: the customer's membership (spec: Membership). */
export const MembershipSchema = z.object({
  programConfig: MembershipProgramConfigSchema,
  programId: z.string(),
  programName: z.string(),
  programUrl: z.string(),
  status: MembershipStatusSchema,
  tier: MembershipTierSchema,
  eligibility: z.enum(['eligible', 'ineligible']),
  /** Why the customer may not join (ineligible), if they may not. */
  ineligibleReason: z.string().nullable(),
  premiumUntil: IsoDateSchema.nullable(),
  membershipUpdated: IsoDateSchema.nullable(),
  /** Open giveaways the customer is entered in or may unlock. */
  entries: z.array(CustomerGiveawaySchema),
  /** Giveaways opening next. */
  upcomingDraws: z.array(GiveawaySchema),
  /** Whether the header's daily-winners dot shows. */
  showDot: z.boolean(),
  callToAction: CallToActionSchema,
  /** What leaving would cost, as the leave dialog says it (empty for non-members). */
  leavingLoses: z.array(z.string()),
});
export type Membership = z.infer<typeof MembershipSchema>;

/** `PUT /rewards/membership` (v3.2): join (member) or leave (non-member). */
export const MembershipUpdateBodySchema = z.object({
  membershipProgram: z.literal('daily_winners'),
  membershipStatus: z.enum(['member', 'non-member']),
  /** `{join: 'deposit'}` joins from the deposit page: pending-deposit until a deposit completes. */
  metadata: z
    .object({ join: z.enum(['free', 'deposit']).optional() })
    .strict()
    .default({}),
});
export type MembershipUpdateBody = z.infer<typeof MembershipUpdateBodySchema>;

/**
 * `PUT /rewards/membership`'s answer: the membership as it is now, whether the request changed it
 * (false: asked for what already held) and, after leaving, what was lost.
 */
export const MembershipUpdateResultSchema = MembershipSchema.extend({
  changed: z.boolean(),
  lost: z.array(z.string()),
});
export type MembershipUpdateResult = z.infer<typeof MembershipUpdateResultSchema>;

/** `PUT /rewards/v3/draws/{id}`: a free member unlocks a premium giveaway. */
export const GiveawayUnlockBodySchema = z.object({ entryStatus: z.literal('unlocked') });
export type GiveawayUnlockBody = z.infer<typeof GiveawayUnlockBodySchema>;

/** `GET /rewards/v3/benefits`: what membership gives, and the signed link to the benefits page. */
export const MembershipBenefitsSchema = z.object({
  ssoUrl: z.string(),
  benefits: z.array(z.object({ title: z.string(), description: z.string(), tier: MembershipTierSchema })),
});
export type MembershipBenefits = z.infer<typeof MembershipBenefitsSchema>;

/** `GET /rewards/v3/benefits/session?token=`: whose benefits page a signed link opens, until when. */
export const MembershipBenefitsSessionSchema = z.object({
  firstName: z.string(),
  status: MembershipStatusSchema,
  tier: MembershipTierSchema,
  expiresAt: IsoDateSchema,
  benefits: MembershipBenefitsSchema.shape.benefits,
});
export type MembershipBenefitsSession = z.infer<typeof MembershipBenefitsSessionSchema>;
export const MembershipBenefitsSessionQuerySchema = z.object({ token: z.string().max(300) });
/** `GET /rewards/v3/benefits?token=`: the page a link opened checks the token is the customer's and live. */
export const MembershipBenefitsQuerySchema = z.object({ token: z.string().max(300).optional() });

/** `GET /rewards/v3/draws`: the giveaways open now and opening next, for the programme's page. */
export const GiveawayListSchema = z.array(GiveawaySchema);

/** Customer giveaway lists (`/rewards/v3/giveaways?state=current|closed&limit&offset`); `page_info` carries the page. */
export const GiveawayListQuerySchema = z.object({
  state: z.enum(['current', 'closed']).default('current'),
  limit: z.coerce.number().int().min(1).max(50).default(9),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type GiveawayListQuery = z.infer<typeof GiveawayListQuerySchema>;
export const CustomerGiveawayListSchema = z.array(CustomerGiveawaySchema);

/** A public winner, as they agreed to be shown: first name and suburb. */
export const GiveawayWinnerSchema = z.object({
  firstName: z.string(),
  suburb: z.string().nullable(),
  state: z.string().nullable(),
  prize: GiveawayPrizeSchema,
  entryNumber: z.number().int(),
});
export type GiveawayWinner = z.infer<typeof GiveawayWinnerSchema>;

/** `GET /rewards/v3/giveaways/{type}/{number}`: one giveaway, public, with its proof and winners. */
export const GiveawayDetailSchema = z.object({
  giveaway: GiveawaySchema,
  proof: GiveawayProofSchema,
  winners: z.array(GiveawayWinnerSchema),
});
export type GiveawayDetail = z.infer<typeof GiveawayDetailSchema>;

/** `GET /rewards/v3/winners?limit&offset`: drawn giveaways' winners, newest first. */
export const GiveawayWinnersListSchema = z.array(
  GiveawayWinnerSchema.extend({
    giveawayTitle: z.string(),
    giveawayType: GiveawayTypeSchema,
    giveawayNumber: z.number().int(),
    drawnAt: IsoDateSchema,
  }),
);
export const GiveawayWinnersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(12),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

/** `POST /admin/giveaways`, `PATCH /admin/giveaways/{id}` (content role): a giveaway and its prizes. */
export const AdminGiveawayBodySchema = z.object({
  type: GiveawayTypeSchema,
  title: z.string().trim().min(1).max(120),
  description: z.string().trim().max(2000).default(''),
  pill: z.string().trim().max(40).nullable().default(null),
  permits: z.string().trim().max(200).nullable().default(null),
  open: IsoDateSchema,
  close: IsoDateSchema,
  prizes: z
    .array(
      z.object({
        title: z.string().trim().min(1).max(120),
        amount: MoneySchema,
        kind: z.enum(['cash', 'credit']),
      }),
    )
    .min(1)
    .max(50),
  images: z
    .array(z.object({ url: z.string().max(500), alt: z.string().max(200) }))
    .max(10)
    .default([]),
});
export type AdminGiveawayBody = z.infer<typeof AdminGiveawayBodySchema>;

export const AdminGiveawaySchema = GiveawaySchema.extend({
  /** Where it is in its life: open, closed (entries counted), drawn (winners), paid. */
  status: z.enum(['open', 'closed', 'drawn', 'paid']),
  commitment: z.string(),
  entries: z.number().int().nullable(),
  winners: z.number().int(),
  /** Prizes paid (credited) so far. */
  paid: z.number().int(),
});
export type AdminGiveaway = z.infer<typeof AdminGiveawaySchema>;
export const AdminGiveawayListSchema = z.object({
  giveaways: z.array(AdminGiveawaySchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
});
export type AdminGiveawayList = z.infer<typeof AdminGiveawayListSchema>;
