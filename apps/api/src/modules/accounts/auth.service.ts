/**
 * Joining and signing in: sign-up, login (with the second factor and the per-account throttle),
 * autologin links and transfer tokens, forgotten passwords, and the email availability check.
 */
import type { OneTimeTokenPurpose } from '@drawhouse/db';
import {
  addressErrors,
  dateOfBirthError,
  emailError,
  nameError,
  normaliseEmail,
  phoneError,
  sydneyParts,
  VALIDATION_MESSAGES,
} from '@drawhouse/domain';
import { AppError, type FieldErrors } from '../../http/errors.ts';
import { fieldErrors, validationError } from '../../http/validation.ts';
import { passwordResetMail, welcomeMail } from '../notifications/index.ts';
import {
  type AccountsContext,
  EMAIL_TAKEN_MESSAGE,
  invalidCredentials,
  invalidToken,
  loginThrottled,
  twoFactorLocked,
} from './accounts.context.ts';
import type { AccountsQueries, CustomerRow } from './accounts.repository.ts';
import type { AddressBody, LoginBody, LoginResult, SignupBody } from './accounts.schemas.ts';
import { ACCOUNT_RULES } from './accounts.settings.ts';
import type { FavouriteNumbersService } from './favourite-numbers.service.ts';
import { checkPassword, hashPassword, verifyDummyPassword, verifyPassword } from './passwords.ts';
import type { SessionService } from './session.service.ts';
import { randomToken, sha256 } from './tokens.ts';
import {
  enabledMethod,
  type TwoFactorChallenge,
  type TwoFactorMethod,
  type TwoFactorService,
} from './two-factor.service.ts';

/** A sign-in either succeeds or needs the second factor first. */
export type SignInOutcome =
  | { kind: 'signed_in'; result: LoginResult }
  | { kind: 'two_factor_required'; challenge: TwoFactorChallenge };

export type AuthService = ReturnType<typeof createAuthService>;

function today(now: Date): string {
  const p = sydneyParts(now);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** Address field errors keyed as on the wire (`address.postcode`). */
export function addressFieldErrors(address: AddressBody, australianOnly: boolean): [string, string][] {
  const wire: Record<string, string> = { addressLine2: 'address_line_2' };
  return Object.entries(addressErrors(address, { australianOnly })).map(([field, message]) => [
    `address.${wire[field] ?? field}`,
    message,
  ]);
}

export function cleanAddress(address: AddressBody) {
  return {
    address: address.address.trim(),
    addressLine2: address.addressLine2?.trim() || null,
    suburb: address.suburb.trim(),
    state: address.state.trim(),
    postcode: address.postcode.trim(),
    country:
      address.country.trim().toUpperCase() === 'AUSTRALIA' ? 'AU' : address.country.trim().toUpperCase(),
  };
}

const loginKey = (email: string) => `login:${email}`;
const invalidLink = () => new AppError(401, 'invalid_token', 'This sign-in link is no longer valid.');

export function createAuthService(
  ctx: AccountsContext,
  sessions: SessionService,
  twoFactor: TwoFactorService,
  favouriteNumbers: FavouriteNumbersService,
) {
  const { repo } = ctx;

  function signupErrors(body: SignupBody, now: Date): FieldErrors {
    const errors: [string, string, string?][] = [];
    const add = (field: string, message: string | undefined, code?: string) => {
      if (message) errors.push([field, message, code]);
    };
    add('email', emailError(body.email));
    const password = checkPassword(body.password);
    add('password', body.password ? password?.message : VALIDATION_MESSAGES.required, password?.code);
    add('firstname', nameError(body.firstname));
    add('lastname', nameError(body.lastname));
    add(
      'date_of_birth',
      body.dateOfBirth.trim()
        ? dateOfBirthError(body.dateOfBirth.trim(), today(now), ctx.minimumAge)
        : VALIDATION_MESSAGES.required,
    );
    add('phone', phoneError(body.phone));
    for (const [field, message] of addressFieldErrors(body.address, true)) add(field, message);
    if (body.acceptTerms !== true) add('accept_terms', VALIDATION_MESSAGES.terms, 'terms');
    return fieldErrors(errors);
  }

  /** Stores a fresh one-time token (its hash) for the customer, valid `ttlMs` from now; returns the token. */
  async function issueToken(
    db: AccountsQueries,
    purpose: OneTimeTokenPurpose,
    customer: CustomerRow,
    now: Date,
    ttlMs: number,
  ): Promise<string> {
    const token = randomToken();
    await db.insertOneTimeToken({
      purpose,
      customerId: customer.id,
      tokenHash: sha256(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
    });
    return token;
  }

  /** Sends the welcome mail with a link that confirms the email address. */
  async function confirmEmailLink(db: AccountsQueries, customer: CustomerRow, now: Date): Promise<string> {
    const token = await issueToken(db, 'confirm_email', customer, now, ACCOUNT_RULES.confirmEmailTtlMs);
    return `${ctx.webBaseUrl}/account-verification?token=${encodeURIComponent(token)}`;
  }

  /**
   * The end of every sign-in once the password (or a link) has proved who it is: the second factor
   * unless this device passed it recently, then a session.
   */
  async function finishSignIn(
    customer: CustomerRow,
    input: { otp?: string | undefined; fingerprint?: string | undefined },
    /** Runs once the second factor is settled, before the session starts (uses a link's token). */
    claim?: () => Promise<void>,
  ): Promise<SignInOutcome> {
    const now = ctx.now();
    const row = await repo.twoFactor(customer.id);
    const method = enabledMethod(row);
    let passed = false;
    if (method) {
      const known = input.fingerprint ? await repo.device(customer.id, sha256(input.fingerprint)) : undefined;
      const rememberedSince = now.getTime() - ACCOUNT_RULES.rememberForDays * 24 * 3600_000;
      const remembered = known?.twoFactorPassedAt && known.twoFactorPassedAt.getTime() > rememberedSince;
      if (!remembered) {
        if (customer.twoFactorLockedUntil && customer.twoFactorLockedUntil > now) throw twoFactorLocked();
        if (!input.otp)
          return { kind: 'two_factor_required', challenge: await twoFactor.challenge(customer, method) };
        await twoFactor.checkCode(customer, input.otp);
        passed = true;
      }
    }
    await claim?.();
    return { kind: 'signed_in', result: await startSession(customer, input.fingerprint, passed, method) };
  }

  /** A new session on the device, stepped up when a code was just passed. */
  function startSession(
    customer: CustomerRow,
    fingerprint: string | undefined,
    passedCode: boolean,
    method: TwoFactorMethod | undefined,
  ): Promise<LoginResult> {
    const now = ctx.now();
    return repo.transaction(async (tx) => {
      const device = await sessions.deviceAtLogin(tx, customer.id, fingerprint, now);
      return sessions.start(tx, customer, device, {
        elevated: passedCode,
        twoFactorEnabled: method !== undefined,
        announceNewDevice: true,
      });
    });
  }

  /**
   * A throttled account whose password was right: it signs in with a code as well, the code of its
   * second factor or, without one, a code mailed now. Every other outcome (no code yet, a wrong
   * code, a locked second factor) answers exactly as a wrong password does, so the throttle never
   * tells a guesser that a password was right; the mail goes out after the answer for the same reason.
   */
  async function throttledLogin(customer: CustomerRow, body: LoginBody): Promise<SignInOutcome> {
    const method = enabledMethod(await repo.twoFactor(customer.id));
    if (!body.otp) {
      if (method !== 'authenticator')
        ctx.outbox.defer('throttled sign-in code', () => twoFactor.sendEmailCode(customer));
      throw loginThrottled();
    }
    try {
      await twoFactor.checkCode(customer, body.otp);
    } catch (error) {
      if (error instanceof AppError && error.code.startsWith('2fa_')) throw loginThrottled();
      throw error;
    }
    await repo.clearThrottle(loginKey(customer.email));
    return { kind: 'signed_in', result: await startSession(customer, body.fingerprint, true, method) };
  }

  /** The reset link of an open account, at most three an hour. */
  async function sendResetLink(email: string): Promise<void> {
    const customer = await repo.customerByEmail(email);
    if (customer?.status !== 'active') return;
    const now = ctx.now();
    const key = `reset:${customer.id}`;
    if (await repo.throttleBlockedUntil(key, now)) return;
    await repo.recordThrottleFailure(key, now, ACCOUNT_RULES.resetMails);
    const token = await issueToken(repo, 'password_reset', customer, now, ACCOUNT_RULES.passwordResetTtlMs);
    ctx.outbox.send(
      customer.email,
      passwordResetMail({
        firstname: customer.firstname,
        resetUrl: `${ctx.webBaseUrl}/forgot-password?token=${encodeURIComponent(token)}`,
        expiresInMinutes: ACCOUNT_RULES.passwordResetTtlMs / 60_000,
      }),
    );
  }

  return {
    async signup(body: SignupBody): Promise<LoginResult> {
      const now = ctx.now();
      const errors = signupErrors(body, now);
      if (Object.keys(errors).length > 0) throw validationError(errors);
      const favourites = await favouriteNumbers.checked(body.favouriteNumbers ?? [], 'favourite_numbers');
      const email = normaliseEmail(body.email);
      const taken = () => validationError(fieldErrors([['email', EMAIL_TAKEN_MESSAGE, 'email_taken']]));
      if (await repo.customerByEmail(email)) throw taken();

      const passwordHash = await hashPassword(body.password);
      const attribution = Object.fromEntries(
        Object.entries(body.attribution ?? {}).flatMap(([k, v]) => (v === null ? [] : [[k, String(v)]])),
      );
      const signedUp = await repo.transaction(async (tx) => {
        const customer = await tx.insertCustomer({
          email,
          passwordHash,
          passwordChangedAt: now,
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
        const confirmUrl = await confirmEmailLink(tx, customer, now);
        const device = await sessions.deviceAtLogin(tx, customer.id, undefined, now);
        const result = await sessions.start(tx, customer, device, {
          elevated: false,
          twoFactorEnabled: false,
          announceNewDevice: false,
        });
        return { customer, confirmUrl, result };
      });
      if (!signedUp) throw taken();
      ctx.outbox.send(
        signedUp.customer.email,
        welcomeMail({ firstname: signedUp.customer.firstname, confirmUrl: signedUp.confirmUrl }),
      );
      return signedUp.result;
    },

    /**
     * Email and password, then the second factor. An unknown email and a wrong password take the same
     * time and give the same answer. Ten failures in 15 minutes throttle the account's sign-in for 15
     * minutes, except from a device it has signed in from before; while throttled, the owner still
     * gets in with the right password and a code (see `throttledLogin`).
     */
    async login(body: LoginBody): Promise<SignInOutcome> {
      const now = ctx.now();
      const email = normaliseEmail(body.email);
      const customer = email ? await repo.customerByEmail(email) : undefined;
      const knownDevice =
        customer && body.fingerprint ? await repo.device(customer.id, sha256(body.fingerprint)) : undefined;
      const throttled = !knownDevice && (await repo.throttleBlockedUntil(loginKey(email), now)) !== undefined;
      const ok =
        customer && customer.status === 'active' && body.password
          ? await verifyPassword(customer.passwordHash, body.password)
          : await verifyDummyPassword(body.password || 'x');
      if (!ok || !customer) {
        await repo.recordThrottleFailure(loginKey(email), now, ACCOUNT_RULES.loginFailures);
        throw throttled ? loginThrottled() : invalidCredentials();
      }
      if (throttled) return throttledLogin(customer, body);
      await repo.clearThrottle(loginKey(email));
      return finishSignIn(customer, body);
    },

    /** A transfer token: signs the same customer in elsewhere (another app or site) once, within 60 s. */
    async transferToken(customer: CustomerRow): Promise<{ token: string }> {
      const now = ctx.now();
      return { token: await issueToken(repo, 'autologin', customer, now, ACCOUNT_RULES.transferTtlMs) };
    },

    /**
     * Exchanges an autologin token. When the second factor is needed the token stays valid, so the
     * client can send it again with the code.
     */
    async autologin(input: {
      token: string;
      otp?: string | undefined;
      fingerprint?: string | undefined;
    }): Promise<SignInOutcome> {
      const now = ctx.now();
      const hash = sha256(input.token);
      const live = await repo.liveOneTimeToken('autologin', hash, now);
      const customer = live ? await repo.customerById(live.customerId) : undefined;
      if (!live || !customer || customer.status !== 'active') throw invalidLink();
      return finishSignIn(customer, input, async () => {
        if (!(await repo.useOneTimeToken('autologin', hash, now))) throw invalidLink();
      });
    },

    /**
     * Always succeeds for the caller; a reset link goes out only to an open account. The lookup and the
     * link are made after the answer, so a known email is not told apart by the time it takes.
     */
    async forgotPassword(rawEmail: string): Promise<void> {
      const email = normaliseEmail(rawEmail);
      const problem = emailError(email);
      if (problem) throw validationError(fieldErrors([['email', problem]]));
      ctx.outbox.defer('password reset', () => sendResetLink(email));
    },

    /** Sets a new password with a reset link's token: once, within the hour; every session ends. */
    async resetPassword(token: string, newPassword: string): Promise<void> {
      const problem = checkPassword(newPassword);
      if (problem) throw validationError(fieldErrors([['new_password', problem.message, problem.code]]));
      const now = ctx.now();
      const passwordHash = await hashPassword(newPassword);
      const done = await repo.transaction(async (tx) => {
        const customerId = await tx.useOneTimeToken('password_reset', sha256(token), now);
        if (!customerId) return false;
        await tx.retireOneTimeTokens(customerId, 'password_reset', now);
        await tx.updateCustomer(
          customerId,
          { passwordHash, passwordChangedAt: now, forcePasswordChange: false },
          now,
        );
        await tx.revokeCustomerSessions(customerId, 'password_reset', now);
        return true;
      });
      if (!done) throw invalidToken();
    },

    async checkEmail(rawEmail: string): Promise<{ available: boolean }> {
      const problem = emailError(rawEmail);
      if (problem) throw validationError(fieldErrors([['email', problem]]));
      return { available: !(await repo.customerByEmail(normaliseEmail(rawEmail))) };
    },

    confirmEmailLink,
  };
}
