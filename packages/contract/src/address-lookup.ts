/**
 * Address lookup (docs/api/accounts.md, "Address lookup"): suggestions for what the customer types
 * into an address form, and the chosen suggestion's parts to fill the form with.
 */
import { z } from 'zod';

/** `GET /addresses/suggest?q=`: 3 to 100 characters of the address (checked by the domain's `addressQuery`). */
export const AddressSuggestQuerySchema = z.object({ q: z.string().max(200) });

export const AddressSuggestionsSchema = z.object({
  suggestions: z.array(z.object({ id: z.string(), label: z.string() })),
});
export type AddressSuggestions = z.infer<typeof AddressSuggestionsSchema>;

export const AddressIdParamsSchema = z.object({
  id: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_-]{1,64}$/),
});

/** `GET /addresses/{id}`: the address's parts, as the address form's fields take them. */
export const AddressDetailsSchema = z.object({
  address: z.object({
    address: z.string(),
    suburb: z.string(),
    state: z.string(),
    postcode: z.string(),
    country: z.string(),
  }),
});
export type AddressDetails = z.infer<typeof AddressDetailsSchema>;
