/**
 * Copy the customer reads when something is wrong: form messages, error pages and the API client's
 * messages. The wording is exact (pages and tests rely on it); change it here only.
 */

export const DEFAULT_MINIMUM_AMOUNT_TEXT = '0.01';

export const VALIDATION_MESSAGES = {
  required: 'This field is required.',
  email: 'Please enter a valid email address.',
  numbers: 'Please enter numbers only.',
  phone: 'Please enter a valid phone number.',
  currency: 'Amount must follow format e.g: 1.50',
  /** The forms label the field "Postcode", so the messages say postcode too. */
  postcode: 'Please enter a valid postcode.',
  /** An Australian postcode of another state: "3065 is not a postcode in NSW." */
  postcodeOfAnotherState: (postcode: string, state: string): string =>
    `${postcode} is not a postcode in ${state}.`,
  mismatch: (fieldName: string): string => `Your ${fieldName} does not match.`,
  terms: 'You must agree to the terms and conditions to proceed.',
  minimum: (amountText: string = DEFAULT_MINIMUM_AMOUNT_TEXT): string =>
    `Please enter an amount equal to or greater than ${amountText}.`,
  maximum: (amountText: string): string => `Please enter an amount equal to or less than ${amountText}.`,
  cardHolderName: "Please enter the card holder's name.",
} as const;

/** A card holder name with 13 or more digits (a card number typed in the wrong field) is rejected. */
export const CARD_HOLDER_NAME_MAX_DIGITS = 12;

/**
 * The card holder name rule: undefined when acceptable, else the message. Digits are counted
 * anywhere in the value ("4111 1111 1111 1" has 13). An empty value is the required rule's business.
 */
export function cardHolderNameError(value: string): string | undefined {
  const digits = value.replace(/\D/g, '').length;
  return digits > CARD_HOLDER_NAME_MAX_DIGITS ? VALIDATION_MESSAGES.cardHolderName : undefined;
}

export type FieldError = { code: string; message: string };
export type TargetedError = FieldError & { target?: string | null };

export const GENERAL_ERROR_TARGET = 'general';

/**
 * Server errors grouped by target, `general` when an error names none (or an empty one), in their
 * original order: the `errors` object of the failure envelope.
 */
export function groupErrorsByTarget(list: readonly TargetedError[]): Record<string, FieldError[]> {
  const groups = new Map<string, FieldError[]>();
  for (const { target, code, message } of list) {
    const key = target ? target : GENERAL_ERROR_TARGET;
    const group = groups.get(key) ?? [];
    group.push({ code, message });
    groups.set(key, group);
  }
  // fromEntries defines own properties, so a target such as "__proto__" stays a plain key.
  return Object.fromEntries(groups);
}

export const API_FALLBACK_MESSAGE = 'Something went wrong.';
export const DISCOVERY_URL_NOT_SET_MESSAGE = 'discovery service url is not set';
/** The status given to a response that could not be read as JSON. */
export const API_TRANSFORM_ERROR_STATUS = 422;
export const DEPOSIT_FAILED_MESSAGE =
  "We're experiencing technical difficulties. Please reload the page to try again.";
export const INVALID_DEPOSIT_RESPONSE_MESSAGE = 'Received invalid deposit response when attempting purchase.';
export const EMPTY_PARTNER_CART_MESSAGE = 'Attempted to purchase an empty partner cart.';
export const DEPOSIT_PURCHASE_CHECKOUT_FAILURE = 'deposit_purchase_checkout_failure';

export function apiErrorMessage(status: number, url: string): string {
  return `The API responded with a ${status} error when requesting the following url: ${url}`;
}

export function apiTransformErrorMessage(url: string): string {
  return `An error occurred when transforming the API result to JSON for the following url: ${url}`;
}

/**
 * The message of a failed call: the first server message text, else the status message
 * ("API error message is the first server message text, else ...").
 */
export function apiErrorText(
  messages: readonly { message?: string | null }[] | null | undefined,
  status: number,
  url: string,
): string {
  const first = messages?.find((m) => typeof m.message === 'string' && m.message !== '')?.message;
  return first ?? apiErrorMessage(status, url);
}
