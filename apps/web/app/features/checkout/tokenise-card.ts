/**
 * The browser's half of card entry: card details go straight from the visitor's browser to the
 * gateway's tokenising endpoint (the API's payment sandbox, on its own origin), which answers a
 * token. Only the token reaches the storefront server; the number and the security code never do.
 */
import { type CardDetailsInput, checkCardDetails } from '@drawhouse/domain';

export type CardToken = { token: string; brand: string; last4: string };

/** Field errors by form field (cardNumber, expiry, csc, holderName) or `general`. */
export type CardErrors = Partial<Record<'cardNumber' | 'expiry' | 'csc' | 'holderName' | 'general', string>>;

export type TokeniseResult = { ok: true; card: CardToken } | { ok: false; errors: CardErrors };

/** The form's expiry as typed ("04/30", "4 / 2030", "0430"). */
export function splitExpiry(text: string): { month: string; year: string } {
  const match = /^\s*(\d{1,2})\s*[/\-. ]?\s*(\d{2}|\d{4})\s*$/.exec(text);
  return match ? { month: match[1] ?? '', year: match[2] ?? '' } : { month: '', year: '' };
}

export type CardFormValues = { holderName: string; cardNumber: string; expiry: string; csc: string };

function fieldOf(name: string): keyof CardErrors {
  const camel = name.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
  if (camel === 'expiryMonth' || camel === 'expiryYear') return 'expiry';
  if (camel === 'cardNumber' || camel === 'csc' || camel === 'holderName') return camel;
  return 'general';
}

/** The form's own check, the same rules the gateway applies (so most mistakes never leave the page). */
export function checkCardForm(values: CardFormValues, now: Date): CardErrors | undefined {
  const { month, year } = splitExpiry(values.expiry);
  const input: CardDetailsInput = { ...values, expiryMonth: month, expiryYear: year };
  const checked = checkCardDetails(input, now);
  if (checked.ok) return undefined;
  const errors: CardErrors = {};
  for (const error of checked.errors) errors[fieldOf(error.field)] ??= error.message;
  return errors;
}

export const TOKENISE_FAILED = 'We could not check your card. Please try again.';

/**
 * What failed when the card check could not be reached at all: the request to the gateway's
 * address never got an answer this page may read (offline, or the gateway does not allow this
 * shop's address), so the card was not checked.
 */
export function tokeniseUnreachable(url: string): string {
  let where = 'the card check';
  try {
    where = `the card check at ${new URL(url).origin}`;
  } catch {
    // Not an absolute address: named in general terms.
  }
  return `We could not reach ${where} from this page (the connection failed or the address of this shop is not allowed to check cards), so your card was not checked. Please try again.`;
}

/** A gateway answer that was not its JSON envelope: its status said. */
export const tokeniseBadAnswer = (status: number) =>
  `The card check answered with an error (HTTP ${status}), so your card was not checked. Please try again.`;

type Envelope = {
  result?: { token?: unknown; brand?: unknown; last4?: unknown };
  errors?: Record<string, { message?: unknown }[]>;
  messages?: { message?: unknown }[];
};

/** Posts the card to `url` and reads the token, or the gateway's field errors. */
export async function tokeniseCard(
  url: string,
  values: CardFormValues,
  fetchImpl: typeof fetch = fetch,
): Promise<TokeniseResult> {
  const { month, year } = splitExpiry(values.expiry);
  let response: Response;
  let body: Envelope;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      mode: 'cors',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        card_number: values.cardNumber.replace(/[\s-]/g, ''),
        expiry_month: month,
        expiry_year: year,
        csc: values.csc.trim(),
        holder_name: values.holderName.trim(),
      }),
    });
  } catch {
    return { ok: false, errors: { general: tokeniseUnreachable(url) } };
  }
  try {
    body = (await response.json()) as Envelope;
  } catch {
    return { ok: false, errors: { general: tokeniseBadAnswer(response.status) } };
  }
  const result = body.result;
  if (response.ok && typeof result?.token === 'string') {
    return {
      ok: true,
      card: { token: result.token, brand: String(result.brand ?? ''), last4: String(result.last4 ?? '') },
    };
  }
  const errors: CardErrors = {};
  for (const [name, list] of Object.entries(body.errors ?? {})) {
    const message = list.find((e) => typeof e.message === 'string')?.message;
    if (typeof message === 'string') errors[fieldOf(name)] ??= message;
  }
  if (Object.keys(errors).length === 0) {
    const first = body.messages?.find((m) => typeof m.message === 'string')?.message;
    errors.general = typeof first === 'string' && first !== '' ? first : TOKENISE_FAILED;
  }
  return { ok: false, errors };
}
