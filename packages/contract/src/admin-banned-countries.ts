/**
 * The banned countries in the back office (admin role): where the shop may not sell. A visitor
 * located in one cannot buy; an Australian customer travelling there confirms they are buying for
 * themselves first (docs/api/accounts.md, "Where the visitor is").
 */
import { z } from 'zod';

export const AdminBannedCountrySchema = z.object({
  countryCode: z.string(),
  name: z.string(),
  createdAt: z.string(),
});

export const AdminBannedCountriesSchema = z.object({ countries: z.array(AdminBannedCountrySchema) });
export type AdminBannedCountries = z.infer<typeof AdminBannedCountriesSchema>;

/** POST /admin/banned-countries: an ISO 3166-1 alpha-2 code. */
export const AdminBanCountryBodySchema = z.object({ countryCode: z.string().trim().min(1).max(2) });
export type AdminBanCountryBody = z.infer<typeof AdminBanCountryBodySchema>;

/** DELETE /admin/banned-countries/{countryCode}. */
export const AdminBannedCountryParamsSchema = z.object({
  countryCode: z
    .string()
    .max(2)
    .regex(/^[A-Za-z]{2}$/),
});
