/**
 * Joining: the sign-up (checked, then the customer, their first device and session, and the
 * `customer.signed_up` event that brings the welcome mail, in one transaction) and the email
 * availability check.
 */
import type { LoginResult, SignupBody } from '@drawhouse/contract';
import {
  dateOfBirthError,
  emailError,
  nameError,
  normaliseEmail,
  phoneError,
  sydneyParts,
  VALIDATION_MESSAGES,
} from '@drawhouse/domain';
import type { FieldErrors } from '../../http/errors.ts';
import { fieldErrors, validationError } from '../../http/validation.ts';
import { type AccountsContext, EMAIL_TAKEN_MESSAGE } from './accounts.context.ts';
import type { AccountsQueries, CustomerRow } from './accounts.repository.ts';
import { addressFieldErrors, cleanAddress } from './address-fields.ts';
import type { FavouriteNumbersService } from './favourite-numbers.service.ts';
import { checkPassword, hashPassword } from './passwords.ts';
import type { SessionService } from './session.service.ts';
import { randomToken } from './tokens.ts';

export type SignupService = ReturnType<typeof createSignupService>;

function today(now: Date): string {
  const p = sydneyParts(now);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/**
 * The sign-up's rules for date of birth, phone, address and terms (also the account upgrade's):
 * field errors keyed as on the wire.
 */
export function personalDetailsErrors(
  body: Pick<SignupBody, 'dateOfBirth' | 'phone' | 'address' | 'acceptTerms'>,
  now: Date,
  minimumAge: number,
): [string, string, string?][] {
  const errors: [string, string, string?][] = [];
  const add = (field: string, message: string | undefined, code?: string) => {
    if (message) errors.push([field, message, code]);
  };
  const dateOfBirth = body.dateOfBirth.trim();
  add(
    'date_of_birth',
    dateOfBirth ? dateOfBirthError(dateOfBirth, today(now), minimumAge) : VALIDATION_MESSAGES.required,
  );
  add('phone', phoneError(body.phone));
  for (const [field, message] of addressFieldErrors(body.address, true)) add(field, message);
  if (body.acceptTerms !== true) add('accept_terms', VALIDATION_MESSAGES.terms, 'terms');
  return errors;
}

export function createSignupService(
  ctx: AccountsContext,
  sessions: SessionService,
  favouriteNumbers: FavouriteNumbersService,
) {
  const { repo } = ctx;

  function signupErrors(body: SignupBody, now: Date, passwordless: boolean): FieldErrors {
    const errors: [string, string, string?][] = [];
    const add = (field: string, message: string | undefined, code?: string) => {
      if (message) errors.push([field, message, code]);
    };
    add('email', emailError(body.email));
    if (!passwordless) {
      const password = checkPassword(body.password);
      add('password', body.password ? password?.message : VALIDATION_MESSAGES.required, password?.code);
    }
    add('firstname', nameError(body.firstname));
    add('lastname', nameError(body.lastname));
    errors.push(...personalDetailsErrors(body, now, ctx.minimumAge));
    return fieldErrors(errors);
  }

  return {
    /**
     * `passwordless`: a visitor who came from Apple or Google (social-sign-in): no password (the
     * account's hash is of a random one nobody knows, `password_set` false), the email as the
     * provider shared it, and `link` run in the sign-up's transaction once the customer exists.
     */
    async signup(
      body: SignupBody,
      passwordless?: {
        emailConfirmed: boolean;
        link: (tx: AccountsQueries, customer: CustomerRow, now: Date) => Promise<void>;
      },
    ): Promise<LoginResult> {
      const now = ctx.now();
      const errors = signupErrors(body, now, passwordless !== undefined);
      if (Object.keys(errors).length > 0) throw validationError(errors);
      const favourites = await favouriteNumbers.checked(body.favouriteNumbers ?? [], 'favourite_numbers');
      const email = normaliseEmail(body.email);
      const taken = () => validationError(fieldErrors([['email', EMAIL_TAKEN_MESSAGE, 'email_taken']]));
      if (await repo.customerByEmail(email)) throw taken();

      const passwordHash = await hashPassword(passwordless ? randomToken() : body.password);
      const attribution = Object.fromEntries(
        Object.entries(body.attribution ?? {}).flatMap(([k, v]) => (v === null ? [] : [[k, String(v)]])),
      );
      const result = await repo.transaction(async (tx) => {
        const customer = await tx.insertCustomer({
          email,
          passwordHash,
          passwordSet: passwordless === undefined,
          passwordChangedAt: now,
          emailConfirmedAt: passwordless?.emailConfirmed ? now : null,
          firstname: body.firstname.trim(),
          lastname: body.lastname.trim(),
          dateOfBirth: body.dateOfBirth.trim(),
          phone: body.phone.trim(),
          ...cleanAddress(body.address),
          emailOptIn: body.emailOptIn === true,
          communicationPreferences: {
            email: body.emailOptIn === true,
            phone: false,
            sms: false,
            directmail: false,
          },
          termsAcceptedAt: now,
          favouriteNumbers: favourites,
          attribution,
          signupPlatform: body.metadata?.platform ?? null,
          createdAt: now,
          updatedAt: now,
        });
        if (!customer) return undefined;
        await passwordless?.link(tx, customer, now);
        const device = await sessions.deviceAtLogin(tx, customer.id, undefined, now);
        const started = await sessions.start(tx, customer, device, {
          elevated: false,
          twoFactorEnabled: false,
          announceNewDevice: false,
        });
        await tx.emit('customer.signed_up', customer.id, { customerId: customer.id, email: customer.email });
        return started;
      });
      if (!result) throw taken();
      return result;
    },

    async checkEmail(rawEmail: string): Promise<{ available: boolean }> {
      const problem = emailError(rawEmail);
      if (problem) throw validationError(fieldErrors([['email', problem]]));
      return { available: !(await repo.customerByEmail(normaliseEmail(rawEmail))) };
    },
  };
}
