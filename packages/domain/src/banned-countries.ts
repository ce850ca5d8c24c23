/**
 * Which countries an operator may add to the banned list (where the shop may not sell): a real ISO
 * 3166-1 country, not Australia (the shop's own customers live there, so banning it would close the
 * shop), and not one already on the list.
 */
import { AUSTRALIA_CODE, countryName } from './countries.ts';

export type BanRefusal = { code: 'unknown_country' | 'home_country' | 'already_banned'; message: string };

export function banRefusal(code: string, banned: readonly string[]): BanRefusal | null {
  const upper = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper) || countryName(upper) === undefined) {
    return { code: 'unknown_country', message: 'Choose a country from the list.' };
  }
  if (upper === AUSTRALIA_CODE) {
    return { code: 'home_country', message: 'Australia is where the shop sells: it cannot be banned.' };
  }
  if (banned.includes(upper)) {
    return { code: 'already_banned', message: `${countryName(upper)} is already banned.` };
  }
  return null;
}
