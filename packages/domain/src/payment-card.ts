/**
 * Card rules a card form and a gateway share: the Luhn check, the brand from the number, the expiry,
 * the card security code (CSC) and the holder's name. Pure: the number is read, never kept.
 */
import { cardHolderNameError, VALIDATION_MESSAGES } from './validation-messages.ts';

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'diners', 'discover', 'jcb', 'unknown'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const CARD_MESSAGES = {
  number: 'Please enter a valid card number.',
  expiry: 'Please enter a valid expiry date.',
  expired: 'This card has expired.',
  csc: 'Please enter a valid security code.',
  cscNotNeeded: 'A security code is not needed for this card.',
} as const;

/** The digits of a card number as typed: spaces and dashes are allowed between them. */
export function cardNumberDigits(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

/** The Luhn (mod 10) check every card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The digit that makes `body` pass the Luhn check (BPAY customer reference numbers end with one). */
export function luhnCheckDigit(body: string): string {
  for (let digit = 0; digit <= 9; digit++) {
    if (luhnValid(`${body}${digit}`)) return String(digit);
  }
  throw new RangeError(`not a run of digits: ${body}`);
}

/** The card's brand from its leading digits (IIN ranges). */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^35(2[89]|[3-8]\d)/.test(digits)) return 'jcb';
  return 'unknown';
}

/** Digits of the security code a brand uses: four on the front of an Amex, three elsewhere. */
export function cscLength(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

/** A month and year typed as numbers or text ("04", "2030" or "30"); null when not a real month. */
export function readExpiry(
  month: number | string,
  year: number | string,
): { month: number; year: number } | null {
  const m = typeof month === 'number' ? month : /^\d{1,2}$/.test(month.trim()) ? Number(month) : Number.NaN;
  let y = typeof year === 'number' ? year : /^\d{2}(\d{2})?$/.test(year.trim()) ? Number(year) : Number.NaN;
  if (!Number.isInteger(m) || !Number.isInteger(y) || m < 1 || m > 12) return null;
  if (y < 100) y += 2000;
  if (y < 2000 || y > 2100) return null;
  return { month: m, year: y };
}

/** A card is good until the end of its expiry month (in the customer's time, taken as UTC here). */
export function cardExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expiry.year < year || (expiry.year === year && expiry.month < month);
}

export type CardDetailsInput = {
  cardNumber: string;
  expiryMonth: number | string;
  expiryYear: number | string;
  csc: string;
  holderName: string;
};

export type CardDetails = {
  digits: string;
  brand: CardBrand;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  holderName: string;
};

export type CardFieldError = { field: keyof CardDetailsInput; code: string; message: string };

/** Checks a card form: the card's details, or the field errors in the customer's words. */
export function checkCardDetails(
  input: CardDetailsInput,
  now: Date,
): { ok: true; card: CardDetails } | { ok: false; errors: CardFieldError[] } {
  const errors: CardFieldError[] = [];
  const digits = cardNumberDigits(input.cardNumber);
  if (input.cardNumber.trim() === '') {
    errors.push({ field: 'cardNumber', code: 'required', message: VALIDATION_MESSAGES.required });
  } else if (!digits || !luhnValid(digits)) {
    errors.push({ field: 'cardNumber', code: 'invalid', message: CARD_MESSAGES.number });
  }
  const brand = digits ? cardBrand(digits) : 'unknown';

  const expiry = readExpiry(input.expiryMonth, input.expiryYear);
  if (!expiry) {
    errors.push({ field: 'expiryMonth', code: 'invalid', message: CARD_MESSAGES.expiry });
  } else if (cardExpired(expiry, now)) {
    errors.push({ field: 'expiryMonth', code: 'expired', message: CARD_MESSAGES.expired });
  }

  const csc = input.csc.trim();
  if (!cscPattern(brand).test(csc)) {
    errors.push({ field: 'csc', code: 'invalid', message: CARD_MESSAGES.csc });
  }

  const holderName = input.holderName.trim();
  const holderError =
    holderName === '' ? VALIDATION_MESSAGES.cardHolderName : cardHolderNameError(holderName);
  if (holderError) errors.push({ field: 'holderName', code: 'invalid', message: holderError });

  if (errors.length > 0 || !digits || !expiry) return { ok: false, errors };
  return {
    ok: true,
    card: {
      digits,
      brand,
      last4: digits.slice(-4),
      expiryMonth: expiry.month,
      expiryYear: expiry.year,
      holderName,
    },
  };
}

/**
 * The CSC rule of a saved card's deposit: the gateway either needs the code (missing is an error)
 * or does not (one sent anyway is an error, so a form never sends it where it is not asked).
 */
export function cscRuleError(
  required: boolean,
  csc: string | undefined,
  brand: CardBrand = 'unknown',
): { code: string; message: string } | undefined {
  const given = csc !== undefined && csc.trim() !== '';
  if (required && !given) return { code: 'required', message: VALIDATION_MESSAGES.required };
  if (!required && given) return { code: 'not_needed', message: CARD_MESSAGES.cscNotNeeded };
  if (required && csc !== undefined && !cscPattern(brand).test(csc.trim())) {
    return { code: 'invalid', message: CARD_MESSAGES.csc };
  }
  return undefined;
}

function cscPattern(brand: CardBrand): RegExp {
  return brand === 'unknown' ? /^\d{3,4}$/ : new RegExp(`^\\d{${cscLength(brand)}}$`);
}
