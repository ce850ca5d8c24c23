/**
 * The placement service (docs/api/placements.md): `GET /v2/placement` answers what to feature where
 * (204 when there is nothing), and `POST /v2/placement/cart/prime` tells it what the visitor's cart
 * holds so that the next placement does not feature it again.
 */
import { z } from 'zod';

/** The placements a page may ask for. */
export const PlacementKeySchema = z.enum(['feature_placement']);
export type PlacementKey = z.infer<typeof PlacementKeySchema>;

/** Comma-separated values on the query string, each checked by `valid` (`message` when one fails). */
const commaList = (valid: (value: string) => boolean, message: string) =>
  z
    .string()
    .max(8000)
    .transform((text, ctx) => {
      const values = text
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v.length > 0);
      if (values.length > 200 || !values.every(valid)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return values;
    });

const PLACEMENT_KEYS = new Set<string>(PlacementKeySchema.options);
const isPlacementKey = (value: string): value is PlacementKey => PLACEMENT_KEYS.has(value);

const IDENTIFIER = /^[A-Za-z0-9_-]{1,128}$/;
const Identifier = z.string().regex(IDENTIFIER, 'Letters, digits, - and _ only.');

/**
 * `GET /v2/placement` query: the brand (branding id) and the placements wanted; the pricing whose
 * offers may be featured (default pricing when absent); the customer; the product offer keys the
 * cart holds now; and the visitor's segment identities, whose primed cart is also left out.
 */
export const PlacementQuerySchema = z.object({
  brandingKey: Identifier,
  keys: commaList(isPlacementKey, 'Unknown placement key.').refine((keys) => keys.length > 0, {
    message: 'Name at least one placement.',
  }),
  pricingId: Identifier.optional(),
  customerKey: Identifier.optional(),
  cart: commaList((key) => IDENTIFIER.test(key), 'Product offer keys only.').optional(),
  segmentDeviceId: Identifier.optional(),
  segmentUserId: Identifier.optional(),
});
export type PlacementQuery = z.infer<typeof PlacementQuerySchema>;

export const PlacementReasonSchema = z.enum(['closing_soon', 'cart_lacks', 'highest_jackpot', 'ranking']);

/** One placement: the offer featured there and why. */
export const PlacementSchema = z.object({
  key: PlacementKeySchema,
  productOfferKey: z.string(),
  reason: PlacementReasonSchema,
});
export type Placement = z.infer<typeof PlacementSchema>;

export const PlacementsSchema = z.object({ placements: z.array(PlacementSchema) });
export type Placements = z.infer<typeof PlacementsSchema>;

/**
 * `POST /v2/placement/cart/prime` body: whose cart. A signed-in caller primes their own cart (a
 * `segment_user_id` must be their customer id); a visitor names their device and their anonymous
 * cart's token.
 */
export const CartPrimeBodySchema = z
  .object({
    segmentUserId: Identifier.optional(),
    segmentDeviceId: Identifier.optional(),
    cart: z.string().max(200).optional(),
  })
  .refine((b) => b.segmentUserId !== undefined || b.segmentDeviceId !== undefined, {
    message: 'Name the segment user or device.',
    path: ['segment_device_id'],
  });
export type CartPrimeBody = z.infer<typeof CartPrimeBodySchema>;

/** What the prime recorded: the offers the cart holds. */
export const CartPrimeSchema = z.object({ productOfferKeys: z.array(z.string()) });
export type CartPrime = z.infer<typeof CartPrimeSchema>;
