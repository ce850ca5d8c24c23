/**
 * The operators' API under /admin (docs/api/admin-draws.md): results entered twice, blind; prizes
 * not known at the results entered twice later; a draw's entries (another operator's figures never
 * shown before they are published); and the release of prizes held for approval. Calls take an
 * operator token (`Authorization: Bearer <token>` from `npm run operator -- operator:create <name>`);
 * the entry's operator is always the token's, never a name sent in the body.
 */
import { z } from 'zod';
import { IsoDateSchema, MoneySchema } from './money.ts';

const Balls = z.array(z.number()).max(50);

/**
 * One operator's entry of a draw's results: the main numbers in the order drawn, supplementary or
 * bonus numbers, the Powerball, and the prize per winning game announced for each division
 * ("1", "2" ...). Counts, ranges and repeats are checked against the game.
 */
export const ResultsEntryBodySchema = z.object({
  numbers: Balls,
  supplementary: Balls.optional(),
  powerball: Balls.optional(),
  prizes: z.record(z.string().max(3), MoneySchema).optional(),
});
export type ResultsEntryBody = z.infer<typeof ResultsEntryBodySchema>;

/** The prizes of the divisions of a scored draw that won without a known prize, one per division. */
export const PrizesEntryBodySchema = z.object({ prizes: z.record(z.string().max(3), MoneySchema) });
export type PrizesEntryBody = z.infer<typeof PrizesEntryBodySchema>;

export const DrawStateSchema = z.object({
  offerKey: z.string(),
  drawNo: z.number(),
  status: z.string(),
  stopAt: IsoDateSchema,
  drawAt: IsoDateSchema,
  closedAt: IsoDateSchema.nullable(),
  publishedAt: IsoDateSchema.nullable(),
});
export type DrawState = z.infer<typeof DrawStateSchema>;

/**
 * An entry as kept: `pending` waits for a second operator, `published` matched one, `void` did not
 * match (both entries of the pair are void; `mismatched` is an older entry of the same kind). `kind`
 * is `results` or `prizes`. Entries are blind: the figures (numbers, supplementary, prizes) are
 * null unless the entry is the caller's own or published.
 */
export const ResultEntrySchema = z.object({
  id: z.string(),
  operator: z.string(),
  kind: z.enum(['results', 'prizes']),
  status: z.enum(['pending', 'published', 'mismatched', 'void']),
  numbers: z.record(z.string(), z.array(z.number())).nullable(),
  supplementary: z.array(z.number()).nullable(),
  prizes: z.record(z.string(), MoneySchema).nullable(),
  createdAt: IsoDateSchema,
});
export type ResultEntry = z.infer<typeof ResultEntrySchema>;

/**
 * The answer to an entry: the entry, whether it published the results (or prizes), the draw now, and
 * when it did not match the waiting entry, the operators whose entries are now void (a fresh pair
 * must begin with someone else).
 */
export const ResultsEntryAnswerSchema = z.object({
  draw: DrawStateSchema,
  entry: ResultEntrySchema,
  published: z.boolean(),
  voidedOperators: z.array(z.string()),
});
export type ResultsEntryAnswer = z.infer<typeof ResultsEntryAnswerSchema>;

export const DrawEntriesSchema = z.object({ draw: DrawStateSchema, entries: z.array(ResultEntrySchema) });
export type DrawEntries = z.infer<typeof DrawEntriesSchema>;

/**
 * The release of a draw's held prizes. `released`: paid now (by one approval, or the second of two);
 * `first_approval`: over the second-approval limit, recorded and waiting for a second, different
 * finance operator (nothing paid, `released` empty).
 */
export const HeldReleaseSchema = z.object({
  draw: DrawStateSchema,
  outcome: z.enum(['released', 'first_approval']),
  released: z.array(z.object({ ticketId: z.string(), prize: MoneySchema })),
  total: MoneySchema,
  firstApprovedBy: z.string().nullable(),
});
export type HeldRelease = z.infer<typeof HeldReleaseSchema>;

/** The draws calendar's filters: an offer (or all), and the days of draw times (`from` to `to`, inclusive). */
export const DrawCalendarQuerySchema = z.object({
  offer: z.string().max(100).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  status: z.string().max(20).optional(),
});
export type DrawCalendarQuery = z.infer<typeof DrawCalendarQuerySchema>;

export const AdminDrawSchema = DrawStateSchema.extend({
  offerName: z.string(),
  type: z.string(),
  /** Payouts held for a finance operator's approval. */
  heldCount: z.number(),
});
export type AdminDraw = z.infer<typeof AdminDrawSchema>;

/** Draws by draw time within the days asked (at most 500), each with its offer's name and status. */
export const DrawCalendarSchema = z.object({
  from: z.string(),
  to: z.string(),
  offers: z.array(z.object({ key: z.string(), name: z.string() })),
  draws: z.array(AdminDrawSchema),
});
export type DrawCalendar = z.infer<typeof DrawCalendarSchema>;

/** One field of the results form: the balls a game draws (`numbers`, `supplementary`, `powerball`). */
export const ResultFieldSchema = z.object({
  field: z.string(),
  label: z.string(),
  count: z.number(),
  first: z.number(),
  last: z.number(),
});
export type ResultField = z.infer<typeof ResultFieldSchema>;

/** The held prizes of a draw: how many, how much, and a first approval waiting for a second. */
export const HeldPrizesSchema = z.object({
  count: z.number(),
  total: MoneySchema,
  /** Over the second-approval limit: two different finance operators release them. */
  secondApprovalNeeded: z.boolean(),
  firstApprovedBy: z.string().nullable(),
  firstApprovedAt: IsoDateSchema.nullable(),
});
export type HeldPrizes = z.infer<typeof HeldPrizesSchema>;

/**
 * A draw as the results desk sees it: its state, the results form's fields (empty: not entered by
 * operators), the divisions waiting for their prize, the entries (blind), what was sold, the results
 * once published and the held prizes.
 */
export const DrawDetailSchema = z.object({
  draw: DrawStateSchema,
  offerName: z.string(),
  type: z.string(),
  resultFields: z.array(ResultFieldSchema),
  /** Divisions of the scored draw that won without a known prize: their prizes are entered next. */
  prizesAwaited: z.array(z.number()),
  entries: z.array(ResultEntrySchema),
  sales: z.object({ tickets: z.number(), games: z.number() }),
  result: z
    .object({ numbers: z.record(z.string(), z.array(z.number())), supplementary: z.array(z.number()) })
    .nullable(),
  held: HeldPrizesSchema,
});
export type DrawDetail = z.infer<typeof DrawDetailSchema>;

/** Every draw with prizes held for approval, oldest draw first. */
export const HeldPrizesListSchema = z.object({
  draws: z.array(HeldPrizesSchema.extend({ draw: DrawStateSchema, offerName: z.string() })),
  secondApprovalLimit: MoneySchema,
});
export type HeldPrizesList = z.infer<typeof HeldPrizesListSchema>;

/** `draw:check` as a report: each rule, whether it holds, and the rows that break it (at most 20). */
export const DrawCheckReportSchema = z.object({
  draw: DrawStateSchema,
  ok: z.boolean(),
  lines: z.array(
    z.object({
      rule: z.string(),
      ok: z.boolean(),
      detail: z.string(),
      rows: z.array(z.record(z.string(), z.unknown())),
    }),
  ),
});
export type DrawCheckReport = z.infer<typeof DrawCheckReportSchema>;

/**
 * The back office's Today: what waits for someone, counted, with the first few of each. Result
 * entries waiting for a second operator are listed without their figures.
 */
export const TodayDrawSchema = z.object({
  offerKey: z.string(),
  offerName: z.string(),
  drawNo: z.number(),
  status: z.string(),
  at: IsoDateSchema,
});
export type TodayDraw = z.infer<typeof TodayDrawSchema>;

const TodayListSchema = z.object({ count: z.number(), items: z.array(TodayDrawSchema) });

export const TodaySchema = z.object({
  closingSoon: TodayListSchema,
  awaitingResults: TodayListSchema,
  awaitingSecondEntry: TodayListSchema,
  heldPrizes: TodayListSchema,
  withdrawalsAwaitingApproval: z.number(),
  verificationsPending: z.number(),
  failedDeliveries: z.number(),
  failedJobs: z.number(),
});
export type Today = z.infer<typeof TodaySchema>;
