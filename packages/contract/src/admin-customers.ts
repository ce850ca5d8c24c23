/**
 * Customers as support sees them in the back office (docs/api/back-office.md, "Customers"): search,
 * the account, its wallet's transfers, its orders, and support's actions (lock, unlock, close, reset
 * the second factor, a note), each with a reason the audit log keeps.
 */
import { z } from 'zod';
import { DrawStatusSchema } from './draws.ts';
import { IsoDateSchema, MoneySchema } from './money.ts';

export const CUSTOMER_STATUSES = ['active', 'locked', 'closed'] as const;
export const CustomerStatusSchema = z.enum(CUSTOMER_STATUSES);
export type CustomerStatus = z.infer<typeof CustomerStatusSchema>;

export const AdminCustomerQuerySchema = z.object({
  /** An email, a name, a phone number or a customer id; empty lists the newest. */
  q: z.string().max(100).default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type AdminCustomerQuery = z.infer<typeof AdminCustomerQuerySchema>;

export const AdminCustomerSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  phone: z.string(),
  status: CustomerStatusSchema,
  isVerified: z.boolean(),
  createdAt: IsoDateSchema,
});
export type AdminCustomerSummary = z.infer<typeof AdminCustomerSummarySchema>;

export const AdminCustomerListSchema = z.object({
  customers: z.array(AdminCustomerSummarySchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
});
export type AdminCustomerList = z.infer<typeof AdminCustomerListSchema>;

export const AdminCustomerSchema = AdminCustomerSummarySchema.extend({
  dateOfBirth: z.string(),
  address: z.object({
    line1: z.string(),
    line2: z.string().nullable(),
    suburb: z.string(),
    state: z.string(),
    postcode: z.string(),
    country: z.string(),
  }),
  emailConfirmed: z.boolean(),
  verifiedAt: IsoDateSchema.nullable(),
  lockedAt: IsoDateSchema.nullable(),
  lockReason: z.string().nullable(),
  closedAt: IsoDateSchema.nullable(),
  closeReason: z.string().nullable(),
  twoFactor: z.enum(['authenticator', 'email']).nullable(),
  wallet: z.object({ balance: MoneySchema, available: MoneySchema, promo: MoneySchema }),
  sessions: z.array(
    z.object({
      id: z.string(),
      createdAt: IsoDateSchema,
      lastUsedAt: IsoDateSchema,
      expiresAt: IsoDateSchema,
    }),
  ),
  /** The customer's own limits; an increase or removal waits seven days (`pending`). */
  limits: z.array(
    z.object({
      kind: z.string(),
      amount: MoneySchema.nullable(),
      pending: z
        .object({ amount: MoneySchema.nullable(), removal: z.boolean(), from: IsoDateSchema })
        .nullable(),
    }),
  ),
  recurringPurchases: z.array(
    z.object({
      id: z.string(),
      offerKey: z.string(),
      type: z.string(),
      status: z.string(),
      quantity: z.number(),
      lastAttempt: z.string().nullable(),
      lastAttemptAt: IsoDateSchema.nullable(),
    }),
  ),
  lottoPartyGroups: z.array(
    z.object({ id: z.string(), name: z.string(), role: z.string(), joinedAt: IsoDateSchema }),
  ),
  /** Daily Winners: the membership as it stands (null: never joined), its giveaways entered and won. */
  membership: z
    .object({
      status: z.enum(['member', 'non-member', 'pending-deposit']),
      tier: z.enum(['free', 'premium']),
      premiumUntil: IsoDateSchema.nullable(),
      joinedAt: IsoDateSchema.nullable(),
      leftAt: IsoDateSchema.nullable(),
      giveawaysEntered: z.number(),
      prizesWon: z.number(),
      won: MoneySchema,
    })
    .nullable(),
  notes: z.array(
    z.object({ id: z.string(), operatorName: z.string(), text: z.string(), createdAt: IsoDateSchema }),
  ),
});
export type AdminCustomer = z.infer<typeof AdminCustomerSchema>;

export const AdminPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const AdminTransfersSchema = z.object({
  transfers: z.array(
    z.object({
      id: z.string(),
      at: IsoDateSchema,
      account: z.enum(['wallet', 'promo']),
      code: z.string(),
      status: z.enum(['posted', 'pending', 'settled', 'voided']),
      /** Into the account (positive) or out of it (negative). */
      amount: MoneySchema,
      description: z.string(),
    }),
  ),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
});
export type AdminTransfers = z.infer<typeof AdminTransfersSchema>;

export const AdminOrdersSchema = z.object({
  orders: z.array(
    z.object({
      id: z.string(),
      at: IsoDateSchema,
      productType: z.string(),
      offerKey: z.string(),
      description: z.string(),
      quantity: z.number(),
      total: MoneySchema,
      tickets: z.number(),
      firstDrawNo: z.number().nullable(),
      /** The key of the partner whose purchase page sold it; null for the shop's own checkout. */
      partner: z.string().nullable().optional(),
    }),
  ),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
});
export type AdminOrders = z.infer<typeof AdminOrdersSchema>;

/** A customer's tickets, newest first; `order` keeps the list to one order's tickets. */
export const AdminTicketQuerySchema = AdminPageQuerySchema.extend({
  order: z.string().uuid().optional(),
});

export const AdminTicketsSchema = z.object({
  tickets: z.array(
    z.object({
      id: z.string(),
      orderId: z.string(),
      at: IsoDateSchema,
      offerKey: z.string(),
      offerName: z.string(),
      drawNo: z.number(),
      drawAt: IsoDateSchema,
      drawStatus: DrawStatusSchema,
      /** The games, raffle numbers or shares in one line. */
      entry: z.string(),
      /** What the ticket won: null while it has won nothing (or before its draw). */
      prize: MoneySchema.nullable(),
      prizeNames: z.array(z.string()),
      payoutStatus: z.enum(['prize_pending', 'pending', 'held', 'paid']).nullable(),
    }),
  ),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
});
export type AdminTickets = z.infer<typeof AdminTicketsSchema>;

/** Support's actions say why: the audit log keeps it; a lock's and a closure's reason stay on the account. */
export const AdminReasonBodySchema = z.object({ reason: z.string().trim().min(3).max(500) });
export const AdminNoteBodySchema = z.object({ text: z.string().trim().min(1).max(2000) });
