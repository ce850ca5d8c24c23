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

export const HeldReleaseSchema = z.object({
  draw: DrawStateSchema,
  released: z.array(z.object({ ticketId: z.string(), prize: MoneySchema })),
});
export type HeldRelease = z.infer<typeof HeldReleaseSchema>;
