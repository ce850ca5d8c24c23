/**
 * Joining and signing in: sign-up, login (with the second factor and the per-account throttle),
 * autologin links and transfer tokens, forgotten passwords, and the email availability check.
 */

import type { AddressBody, LoginBody, LoginCodeBody, LoginResult, SignupBody } from '@drawhouse/contract';
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
import { snakeKey } from '../../http/case.ts';
import { AppError, type FieldErrors } from '../../http/errors.ts';
import { fieldErrors, validationError } from '../../http/validation.ts';
import { passwordResetMail, welcomeMail } from '../notifications/index.ts';
import {
  type AccountsContext,
  EMAIL_TAKEN_MESSAGE,
  elevationRequired,
  invalidChallenge,
  invalidCredentials,
  invalidToken,
  loginThrottled,
  twoFactorLocked,
} from './accounts.context.ts';
import type { AccountsQueries, CustomerRow, SignInChallengeRow } from './accounts.repository.ts';
import { ACCOUNT_RULES } from './accounts.settings.ts';
import type { FavouriteNumbersService } from './favourite-numbers.service.ts';
import { checkPassword, hashPassword, verifyDummyPassword, verifyPassword } from './passwords.ts';
import type { SessionService, SignedInCustomer } from './session.service.ts';
import { randomToken, sha256 } from './tokens.ts';
import {
  enabledMethod,
  type TwoFactorChallenge,
  type TwoFactorMethod,
  type TwoFactorService,
} from './two-factor.service.ts';

/**
 * The device a sign-in comes from, as the client names it: its `X-Device-Id` and the fingerprint
 * this API issued it. A sign-in's code step must name the same device as the sign-in did.
 */
export type SignInDevice = { deviceId?: string | undefined; fingerprint?: string | undefined };

/**
 * A sign-in succeeds, needs the second factor first, or (a throttled account) needs a code whatever
 * the password was. Both waits carry the challenge id the code step sends back.
 */
export type SignInOutcome =
  | { kind: 'signed_in'; result: LoginResult }
  | { kind: 'two_factor_required'; challengeId: string; challenge: TwoFactorChallenge }
  | { kind: 'throttled'; challengeId: string };

export type AuthService = ReturnType<typeof createAuthService>;

function today(now: Date): string {
  const p = sydneyParts(now);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** Address field errors keyed as on the wire (`address.postcode`). */
export function addressFieldErrors(address: AddressBody, australianOnly: boolean): [string, string][] {
  return Object.entries(addressErrors(address, { australianOnly })).map(([field, message]) => [
    `address.${snakeKey(field)}`,
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
const deviceHash = (device: SignInDevice) =>
  sha256(JSON.stringify([device.deviceId ?? '', device.fingerprint ?? '']));
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
   * A sign-in waiting for its code: a random id the client sends back with the code, kept as a hash,
   * bound to the customer (none: a throttled wrong password) and to the device, for 10 minutes.
   */
  async function issueChallenge(
    customer: CustomerRow | undefined,
    device: SignInDevice,
    throttled: boolean,
    familySessionId?: string,
  ): Promise<string> {
    const now = ctx.now();
    const challengeId = randomToken();
    await repo.insertSignInChallenge(
      {
        challengeHash: sha256(challengeId),
        customerId: customer?.id ?? null,
        deviceHash: deviceHash(device),
        throttled,
        familySessionId: familySessionId ?? null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ACCOUNT_RULES.signInChallengeTtlMs),
      },
      now,
    );
    return challengeId;
  }

  /**
   * The end of every sign-in once the password (or a link) has proved who it is: a session, unless
   * the second factor is on and this device has not passed it recently; then a challenge, and the
   * code goes with its id to `signInWithCode`.
   */
  async function finishSignIn(
    customer: CustomerRow,
    device: SignInDevice,
    /** Runs once the sign-in goes ahead, before the session or the challenge (uses a link's token). */
    claim?: () => Promise<void>,
    /** A transfer token's sign-in: the session family the new session joins. */
    familySessionId?: string,
  ): Promise<SignInOutcome> {
    const now = ctx.now();
    const method = enabledMethod(await repo.twoFactor(customer.id));
    if (method) {
      const known = device.fingerprint
        ? await repo.device(customer.id, sha256(device.fingerprint))
        : undefined;
      const rememberedSince = now.getTime() - ACCOUNT_RULES.rememberForDays * 24 * 3600_000;
      const remembered = known?.twoFactorPassedAt && known.twoFactorPassedAt.getTime() > rememberedSince;
      if (!remembered) {
        if (customer.twoFactorLockedUntil && customer.twoFactorLockedUntil > now) throw twoFactorLocked();
        await claim?.();
        const challengeId = await issueChallenge(customer, device, false, familySessionId);
        return {
          kind: 'two_factor_required',
          challengeId,
          challenge: await twoFactor.challenge(customer, method),
        };
      }
    }
    await claim?.();
    return {
      kind: 'signed_in',
      result: await startSession(customer, device.fingerprint, false, method, undefined, familySessionId),
    };
  }

  /**
   * A new session on the device, stepped up when a code was just passed. `challenge` is used in the
   * same transaction: of two answers with the right code, one signs in.
   */
  function startSession(
    customer: CustomerRow,
    fingerprint: string | undefined,
    passedCode: boolean,
    method: TwoFactorMethod | undefined,
    challenge?: SignInChallengeRow,
    familySessionId = challenge?.familySessionId ?? undefined,
  ): Promise<LoginResult> {
    const now = ctx.now();
    return repo.transaction(async (tx) => {
      if (challenge && !(await tx.useSignInChallenge(challenge.id, now))) throw invalidChallenge();
      // A transfer's family that ended meanwhile (signed out) takes no new session.
      if (familySessionId && !(await sessions.familyOf(familySessionId))) throw invalidLink();
      const device = await sessions.deviceAtLogin(tx, customer.id, fingerprint, now);
      return sessions.start(tx, customer, device, {
        elevated: passedCode,
        twoFactorEnabled: method !== undefined,
        announceNewDevice: true,
        familySessionId: familySessionId ?? null,
      });
    });
  }

  /**
   * A throttled account whose password was right: it signs in with a code as well, the code of its
   * second factor or, without one, a code mailed now. The answer is the one a wrong password gets (a
   * 429 with a challenge id), so the throttle never tells a guesser that a password was right; the
   * mail goes out after the answer for the same reason.
   */
  async function throttledLogin(customer: CustomerRow, device: SignInDevice): Promise<SignInOutcome> {
    const method = enabledMethod(await repo.twoFactor(customer.id));
    if (method !== 'authenticator')
      ctx.outbox.defer('throttled sign-in code', () => twoFactor.sendEmailCode(customer));
    return { kind: 'throttled', challengeId: await issueChallenge(customer, device, true) };
  }

  /**
   * The code step of a throttled sign-in. A challenge of a wrong password names no customer; it, a
   * missing code, a wrong code and a locked second factor all answer the throttle's 429.
   */
  async function throttledCode(
    challenge: SignInChallengeRow,
    customer: CustomerRow | undefined,
    body: LoginCodeBody,
  ): Promise<SignInOutcome> {
    if (!customer) throw loginThrottled();
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
    const result = await startSession(customer, body.fingerprint, true, method, challenge);
    await repo.clearThrottle(loginKey(customer.email));
    return { kind: 'signed_in', result };
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
    async login(body: LoginBody, deviceId?: string): Promise<SignInOutcome> {
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
      const device = { deviceId, fingerprint: body.fingerprint };
      if (!ok || !customer) {
        await repo.recordThrottleFailure(loginKey(email), now, ACCOUNT_RULES.loginFailures);
        if (!throttled) throw invalidCredentials();
        return { kind: 'throttled', challengeId: await issueChallenge(undefined, device, true) };
      }
      if (throttled) return throttledLogin(customer, device);
      await repo.clearThrottle(loginKey(email));
      return finishSignIn(customer, device);
    },

    /**
     * The code step of a sign-in (password, link or throttled): the challenge id and the code, from
     * the device the sign-in named. Without a code it asks again (and mails a new email code). A
     * challenge that is unknown, used, expired or of another device is refused and nothing changes;
     * one whose customer closed the account or changed the password since is refused too. The code
     * goes through the one checker (counted, locked after five wrong ones); the right one uses the
     * challenge and starts the session.
     */
    async signInWithCode(body: LoginCodeBody, deviceId?: string): Promise<SignInOutcome> {
      const now = ctx.now();
      const challenge = await repo.signInChallenge(sha256(body.challengeId));
      if (
        !challenge ||
        challenge.usedAt ||
        challenge.expiresAt <= now ||
        challenge.deviceHash !== deviceHash({ deviceId, fingerprint: body.fingerprint })
      ) {
        throw invalidChallenge();
      }
      const found = challenge.customerId ? await repo.customerById(challenge.customerId) : undefined;
      const customer =
        found?.status === 'active' && found.passwordChangedAt <= challenge.createdAt ? found : undefined;
      if (challenge.throttled) return throttledCode(challenge, customer, body);
      if (!customer) throw invalidChallenge();
      if (customer.twoFactorLockedUntil && customer.twoFactorLockedUntil > now) throw twoFactorLocked();
      const method = enabledMethod(await repo.twoFactor(customer.id));
      if (!body.otp) {
        const asked = await twoFactor.challenge(customer, method ?? 'email');
        return { kind: 'two_factor_required', challengeId: body.challengeId, challenge: asked };
      }
      await twoFactor.checkCode(customer, body.otp);
      const result = await startSession(customer, body.fingerprint, true, method, challenge);
      return { kind: 'signed_in', result };
    },

    /**
     * A transfer token: signs the same customer in elsewhere (another app or site) once, within 60 s.
     * Minting one needs a recent step-up of this access token (a stolen token alone never makes a
     * session of its own), and the session it starts joins this session's family: signing out, or a
     * refresh token's reuse, ends both.
     */
    async transferToken(signedIn: SignedInCustomer): Promise<{ token: string }> {
      if (!signedIn.elevated) throw elevationRequired();
      const now = ctx.now();
      const token = randomToken();
      await repo.insertOneTimeToken({
        purpose: 'autologin',
        customerId: signedIn.customer.id,
        tokenHash: sha256(token),
        sessionId: signedIn.session.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ACCOUNT_RULES.transferTtlMs),
      });
      return { token };
    },

    /**
     * Exchanges an autologin token, once. When the second factor is needed the token is used up for a
     * challenge, and the code goes with the challenge id to `signInWithCode`.
     */
    async autologin(
      input: { token: string; fingerprint?: string | undefined },
      deviceId?: string,
    ): Promise<SignInOutcome> {
      const now = ctx.now();
      const hash = sha256(input.token);
      const live = await repo.liveOneTimeToken('autologin', hash, now);
      const customer = live ? await repo.customerById(live.customerId) : undefined;
      if (!live || !customer || customer.status !== 'active') throw invalidLink();
      const family = live.sessionId ? await sessions.familyOf(live.sessionId) : undefined;
      if (live.sessionId && !family) throw invalidLink();
      return finishSignIn(
        customer,
        { deviceId, fingerprint: input.fingerprint },
        async () => {
          if (!(await repo.useOneTimeToken('autologin', hash, now))) throw invalidLink();
        },
        family,
      );
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
