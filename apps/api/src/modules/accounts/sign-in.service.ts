/**
 * Signing in: email and password (with the second factor and the per-account throttle), the code
 * step, autologin links and transfer tokens.
 */
import type { LoginBody, LoginCodeBody, LoginResult } from '@drawhouse/contract';
import { normaliseEmail } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import {
  type AccountsContext,
  accountOnHold,
  elevationRequired,
  invalidChallenge,
  invalidCredentials,
  loginThrottled,
  twoFactorLocked,
} from './accounts.context.ts';
import type { AccountsQueries, CustomerRow, SignInChallengeRow } from './accounts.repository.ts';
import { ACCOUNT_RULES } from './accounts.settings.ts';
import { verifyDummyPassword, verifyPassword } from './passwords.ts';
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

export type SignInService = ReturnType<typeof createSignInService>;

const loginKey = (email: string) => `login:${email}`;
const deviceHash = (device: SignInDevice) =>
  sha256(JSON.stringify([device.deviceId ?? '', device.fingerprint ?? '']));
const invalidLink = () => new AppError(401, 'invalid_token', 'This sign-in link is no longer valid.');

export function createSignInService(
  ctx: AccountsContext,
  sessions: SessionService,
  twoFactor: TwoFactorService,
) {
  const { repo } = ctx;

  /**
   * A sign-in waiting for its code: a random id the client sends back with the code, kept as a hash,
   * bound to the customer (none: a throttled wrong password) and to the device, for 10 minutes.
   */
  async function issueChallenge(
    db: AccountsQueries,
    customer: CustomerRow | undefined,
    device: SignInDevice,
    throttled: boolean,
    familySessionId?: string,
  ): Promise<string> {
    const now = ctx.now();
    const challengeId = randomToken();
    await db.insertSignInChallenge(
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
        const challengeId = await issueChallenge(repo, customer, device, false, familySessionId);
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
   * 429 with a challenge id), so the throttle never tells a guesser that a password was right; for
   * the same reason the request does the work a wrong password's does (one transaction writing two
   * rows: here the challenge and the `customer.sign_in_code_requested` event), and the code and its
   * mail are made after the answer, by the `sign-in-code-mail` subscriber.
   */
  async function throttledLogin(customer: CustomerRow, device: SignInDevice): Promise<SignInOutcome> {
    const challengeId = await repo.transaction(async (tx) => {
      const id = await issueChallenge(tx, customer, device, true);
      await tx.emit('customer.sign_in_code_requested', customer.id, { customerId: customer.id });
      return id;
    });
    return { kind: 'throttled', challengeId };
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
    if (!body.otp) {
      // Asks again: a new email code (unless an authenticator's) follows, as for the sign-in itself.
      await repo.emit('customer.sign_in_code_requested', customer.id, { customerId: customer.id });
      throw loginThrottled();
    }
    const method = enabledMethod(await repo.twoFactor(customer.id));
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

  return {
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
        customer && customer.status !== 'closed' && body.password
          ? await verifyPassword(customer.passwordHash, body.password)
          : await verifyDummyPassword(body.password || 'x');
      const device = { deviceId, fingerprint: body.fingerprint };
      if (!ok || !customer) {
        if (!throttled) {
          await repo.recordThrottleFailure(loginKey(email), now, ACCOUNT_RULES.loginFailures);
          throw invalidCredentials();
        }
        const challengeId = await repo.transaction(async (tx) => {
          await tx.recordThrottleFailure(loginKey(email), now, ACCOUNT_RULES.loginFailures);
          return issueChallenge(tx, undefined, device, true);
        });
        return { kind: 'throttled', challengeId };
      }
      if (throttled) return throttledLogin(customer, device);
      await repo.clearThrottle(loginKey(email));
      // Only the right password learns of the hold: anyone else gets the usual answer above.
      if (customer.status === 'locked') throw accountOnHold();
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
     * A customer an outside provider vouched for (Apple or Google sign-in): the same session, second
     * factor and hold as a right password gets. A closed account signs in no more.
     */
    async signInVouched(customer: CustomerRow, device: SignInDevice): Promise<SignInOutcome> {
      if (customer.status === 'closed') throw invalidCredentials();
      if (customer.status === 'locked') throw accountOnHold();
      return finishSignIn(customer, device);
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
  };
}
