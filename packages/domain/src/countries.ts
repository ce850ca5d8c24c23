/**
 * The countries an address can name: ISO 3166-1 alpha-2 codes with their English names from
 * i18n-iso-countries (ADR 013), Australia first and the rest by name. The same list on the server
 * and in the browser, so the select renders identically on both.
 */
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

export type Country = { code: string; name: string };

export const AUSTRALIA_CODE = 'AU';

const names: Record<string, string | string[]> = en.countries;

function nameOf(entry: string | string[]): string {
  return (Array.isArray(entry) ? entry[0] : entry) ?? '';
}

export const COUNTRIES: readonly Country[] = Object.entries(names)
  .map(([code, entry]) => ({ code, name: nameOf(entry) }))
  .sort((a, b) => {
    if (a.code === AUSTRALIA_CODE) return -1;
    if (b.code === AUSTRALIA_CODE) return 1;
    return a.name.localeCompare(b.name, 'en');
  });

const BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c]));

/** The ISO code a stored or typed country stands for: "au", "AUS" and "Australia" are AU. */
export function countryCode(value: string): string | undefined {
  const v = value.trim();
  if (['aus', 'australia'].includes(v.toLowerCase())) return AUSTRALIA_CODE;
  const upper = v.toUpperCase();
  return BY_CODE.has(upper) ? upper : undefined;
}

export function countryName(code: string): string | undefined {
  return BY_CODE.get(code.toUpperCase())?.name;
}
