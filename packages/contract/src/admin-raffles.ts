/**
 * Raffles in the back office (content role): each raffle with its sales, created from a form (its
 * offer, books, prizes and first draw, whose provably fair commitment is made with it), and its draws
 * with their proof: the commitment from the start, the seed and winning tickets once drawn.
 */
import { z } from 'zod';
import { AdminPageQuerySchema } from './admin-customers.ts';
import { RaffleProofSchema } from './draws.ts';
import { IsoDateSchema, MoneySchema } from './money.ts';

export const AdminRaffleSummarySchema = z.object({
  key: z.string(),
  name: z.string(),
  causeKey: z.string(),
  causeName: z.string(),
  totalTickets: z.number(),
  ticketsSold: z.number(),
  closesAt: IsoDateSchema,
  /** The shop's page of the raffle. */
  url: z.string(),
});
export type AdminRaffleSummary = z.infer<typeof AdminRaffleSummarySchema>;

/** Raffles still on sale (closing later than now), closed ones, or both. */
export const ADMIN_RAFFLE_STATES = ['all', 'on_sale', 'closed'] as const;

/** The list's search (any part of the name or key, any case), state and page. */
export const AdminRaffleQuerySchema = AdminPageQuerySchema.extend({
  q: z.string().trim().max(100).default(''),
  state: z.enum(ADMIN_RAFFLE_STATES).default('all'),
});

export const AdminRaffleListSchema = z.object({
  raffles: z.array(AdminRaffleSummarySchema),
  /** The causes a raffle may support. */
  causes: z.array(z.object({ key: z.string(), name: z.string() })),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
});
export type AdminRaffleQuery = z.infer<typeof AdminRaffleQuerySchema>;
export type AdminRaffleList = z.infer<typeof AdminRaffleListSchema>;

export const AdminRaffleDrawSchema = z.object({
  id: z.string(),
  drawNo: z.number(),
  status: z.string(),
  stopAt: IsoDateSchema,
  drawAt: IsoDateSchema.nullable(),
  /** Tickets of this draw bought through the shop or entered free by post, and what they were sold for. */
  ticketsSold: z.number(),
  sales: MoneySchema,
  proof: RaffleProofSchema.nullable(),
});

/**
 * What the edit form may change now: `closedReason` when nothing may (its draw has closed), else the
 * fields its tickets sold have frozen, each with why.
 */
export const AdminRaffleEditRulesSchema = z.object({
  closedReason: z.string().nullable(),
  frozen: z.array(z.object({ field: z.string(), reason: z.string() })),
});
export type AdminRaffleEditRules = z.infer<typeof AdminRaffleEditRulesSchema>;

export const AdminRaffleSchema = AdminRaffleSummarySchema.extend({
  description: z.string(),
  postalEntryAvailable: z.boolean(),
  books: z.array(z.object({ numTickets: z.number(), price: MoneySchema })),
  prizes: z.array(z.object({ rank: z.number(), name: z.string(), value: MoneySchema })),
  draws: z.array(AdminRaffleDrawSchema),
  editRules: AdminRaffleEditRulesSchema,
});
export type AdminRaffle = z.infer<typeof AdminRaffleSchema>;

/** A raffle as the form sends it; amounts in major units. */
export const AdminRaffleBodySchema = z.object({
  name: z.string().max(200),
  description: z.string().max(5000).default(''),
  causeKey: z.string().max(100),
  totalTickets: z.number(),
  closesAt: z.string().max(40),
  books: z.array(z.object({ numTickets: z.number(), price: z.number() })).max(10),
  prizes: z.array(z.object({ name: z.string().max(200), value: z.number() })).max(20),
  postalEntryAvailable: z.boolean().default(false),
});
export type AdminRaffleBody = z.infer<typeof AdminRaffleBodySchema>;

/** An edit of a raffle: the fields sent change, the others stay (the key and commitment never do). */
export const AdminRaffleEditBodySchema = z.object({
  name: z.string().max(200).optional(),
  description: z.string().max(5000).optional(),
  causeKey: z.string().max(100).optional(),
  totalTickets: z.number().optional(),
  closesAt: z.string().max(40).optional(),
  books: z
    .array(z.object({ numTickets: z.number(), price: z.number() }))
    .max(10)
    .optional(),
  prizes: z
    .array(z.object({ name: z.string().max(200), value: z.number() }))
    .max(20)
    .optional(),
  postalEntryAvailable: z.boolean().optional(),
});
export type AdminRaffleEditBody = z.infer<typeof AdminRaffleEditBodySchema>;
