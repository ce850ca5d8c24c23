/**
 * Second factor: an authenticator app (TOTP, SHA1, 6 digits, 30 s, one step either side) or a code
 * by email (6 digits, 10 minutes, single use). Five wrong codes in a row lock the second factor for
 * 15 minutes. Also the step-up ("elevation") of a session before a sensitive action.
 */

import type { TwoFactorConfig } from '@drawhouse/contract';
import { isCompleteOtp } from '@drawhouse/domain';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { AppError } from '../../http/errors.ts';
import { mailEmailCode } from './account-mail.ts';
import {
  type AccountsContext,
  elevationRequired,
  maskEmail,
  twoFactorIncorrect,
  twoFactorLocked,
} from './accounts.context.ts';
import type { CustomerRow, TwoFactorRow } from './accounts.repository.ts';
import { ACCOUNT_RULES } from './accounts.settings.ts';
import type { SessionService, SignedInCustomer } from './session.service.ts';

const ISSUER = 'Drawhouse';
const PERIOD = 30;
const TOTP_OPTIONS = { algorithm: 'SHA1', digits: 6, period: PERIOD } as const;

export type TwoFactorMethod = 'authenticator' | 'email';
export type TwoFactorChallenge = { method: TwoFactorMethod; identifier: string };

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

/** The method of an enabled second factor, or undefined. */
export function enabledMethod(row: TwoFactorRow | undefined): TwoFactorMethod | undefined {
  return row?.enabledAt && row.method ? row.method : undefined;
}

export function createTwoFactorService(ctx: AccountsContext, sessions: SessionService) {
  const { repo, tokens } = ctx;

  function identifier(customer: CustomerRow, method: TwoFactorMethod): string {
    return method === 'email' ? maskEmail(customer.email) : `${ISSUER} (${maskEmail(customer.email)})`;
  }

  function config(customer: CustomerRow, row: TwoFactorRow | undefined): TwoFactorConfig {
    const method = enabledMethod(row);
    return {
      enabled: method !== undefined,
      method: method ?? null,
      since: method && row?.enabledAt ? row.enabledAt.toISOString() : null,
      identifier: method ? identifier(customer, method) : null,
      methods: ['authenticator', 'email'],
      rememberForDays: ACCOUNT_RULES.rememberForDays,
    };
  }

  /** Mails a fresh email code unless an unused one went out moments ago; older codes stop working. */
  async function sendEmailCode(customer: CustomerRow): Promise<void> {
    await repo.transaction((tx) => mailEmailCode(tx, tokens, customer, ctx.now()));
  }

  /** Saves the second factor's new state and records the change (a security mail follows). */
  async function saveChange(
    signedIn: SignedInCustomer,
    values: Parameters<typeof repo.saveTwoFactor>[1],
    options: { elevate: boolean },
  ): Promise<TwoFactorConfig> {
    const now = ctx.now();
    const { customer } = signedIn;
    const saved = await repo.transaction(async (tx) => {
      const before = enabledMethod(await tx.twoFactor(customer.id));
      const row = await tx.saveTwoFactor(customer.id, values, now);
      // The set-up code is itself a fresh second factor.
      if (options.elevate) await tx.elevateSession(signedIn.session.id, now);
      const method = enabledMethod(row) ?? null;
      // A set-up (even of the same method: a new secret) is told; turning off what was off is not.
      if (method !== null || before !== undefined) {
        await tx.emit('customer.two_factor_changed', customer.id, { customerId: customer.id, method });
      }
      return row;
    });
    return config(customer, saved);
  }

  /** True when `otp` is the current code of `secret` and newer than the last one accepted. */
  async function authenticatorCodeOk(
    customerId: string,
    encryptedSecret: string,
    otp: string,
    lastTimeStep: number | null,
  ): Promise<boolean> {
    const now = ctx.now().getTime();
    const secret = Secret.fromBase32(tokens.decryptSecret(encryptedSecret));
    const delta = TOTP.validate({ token: otp, secret, ...TOTP_OPTIONS, timestamp: now, window: 1 });
    if (delta === null) return false;
    const step = Math.floor(now / 1000 / PERIOD) + delta;
    if (lastTimeStep !== null && step <= lastTimeStep) return false;
    await repo.saveTwoFactor(customerId, { lastTimeStep: step }, ctx.now());
    return true;
  }

  /** A code of the customer's enabled second factor. */
  async function enabledFactorCodeOk(
    customer: CustomerRow,
    row: TwoFactorRow,
    otp: string,
  ): Promise<boolean> {
    if (row.method === 'authenticator' && row.secret) {
      return authenticatorCodeOk(customer.id, row.secret, otp, row.lastTimeStep);
    }
    if (row.method === 'email') return emailCodeOk(customer, otp);
    return false;
  }

  /** An email code (step-up by email, email set-up, a sign-in by email code): used once. */
  async function emailCodeOk(customer: CustomerRow, otp: string): Promise<boolean> {
    const used = await repo.useOneTimeToken(
      'email_2fa',
      tokens.codeHash(customer.id, otp),
      ctx.now(),
      customer.id,
    );
    return used !== undefined;
  }

  /**
   * The one gate of every one-time code: sign-in, autologin, step-up (also on refresh) and both
   * set-ups. The attempt is counted per account before the code is looked at, so parallel guesses
   * cannot slip past the lock; the fifth wrong code in a row locks the second factor for 15 minutes
   * (2fa_account_locked, also against the right code) and ends the live email codes, so a code that
   * was guessed at never works afterwards. A right code clears the count.
   */
  async function checkWith(
    customer: CustomerRow,
    verify: () => Promise<boolean>,
    otp: string,
    incorrectStatus: number,
  ): Promise<void> {
    const now = ctx.now();
    const { twoFactorMaxFailures: max, twoFactorLockMs } = ACCOUNT_RULES;
    const attempt = await repo.claimCodeAttempt(customer.id, now, max, twoFactorLockMs);
    if (attempt === undefined) throw twoFactorLocked();
    if (isCompleteOtp(otp) && (await verify())) {
      await repo.clearTwoFactorFailures(customer.id);
      return;
    }
    if (attempt < max) throw twoFactorIncorrect(incorrectStatus);
    await repo.retireOneTimeTokens(customer.id, 'email_2fa', now);
    throw twoFactorLocked();
  }

  /**
   * Checks a code of the customer's second factor (or, without one, an email code): throws
   * 2fa_incorrect, or 2fa_account_locked at the fifth wrong code in a row and while locked.
   */
  async function checkCode(customer: CustomerRow, otp: string, incorrectStatus = 401): Promise<void> {
    const row = await repo.twoFactor(customer.id);
    const verify =
      row && enabledMethod(row)
        ? () => enabledFactorCodeOk(customer, row, otp)
        : () => emailCodeOk(customer, otp);
    await checkWith(customer, verify, otp, incorrectStatus);
  }

  /** Turning the second factor on, off or over to another method is a sensitive change. */
  function requireElevated(signedIn: SignedInCustomer): void {
    if (!signedIn.elevated) throw elevationRequired();
  }

  return {
    config,
    identifier,
    sendEmailCode,
    checkCode,

    async current(customer: CustomerRow): Promise<TwoFactorConfig> {
      return config(customer, await repo.twoFactor(customer.id));
    },

    /** The challenge a sign-in must answer, sending the email code when that is the method. */
    async challenge(customer: CustomerRow, method: TwoFactorMethod): Promise<TwoFactorChallenge> {
      if (method === 'email') await sendEmailCode(customer);
      return { method, identifier: identifier(customer, method) };
    },

    /** Starts authenticator set-up: a new secret, its otpauth URI and a QR code of it. */
    async startAuthenticator(signedIn: SignedInCustomer) {
      requireElevated(signedIn);
      const { customer } = signedIn;
      const secret = new Secret({ size: 20 });
      const totp = new TOTP({ issuer: ISSUER, label: customer.email, secret, ...TOTP_OPTIONS });
      const otpauthUri = totp.toString();
      const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1 });
      await repo.saveTwoFactor(
        customer.id,
        { pendingSecret: tokens.encryptSecret(secret.base32), pendingCreatedAt: ctx.now() },
        ctx.now(),
      );
      return {
        secret: secret.base32,
        otpauthUri,
        qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      };
    },

    /** Turns the authenticator on once the customer shows a code of the secret being set up. */
    async confirmAuthenticator(signedIn: SignedInCustomer, otp: string): Promise<TwoFactorConfig> {
      requireElevated(signedIn);
      const { customer } = signedIn;
      const row = await repo.twoFactor(customer.id);
      const pendingSecret = row?.pendingSecret;
      if (!pendingSecret) {
        throw new AppError(400, 'no_pending_setup', 'Start the authenticator set-up first.');
      }
      await checkWith(customer, () => authenticatorCodeOk(customer.id, pendingSecret, otp, null), otp, 400);
      return saveChange(
        signedIn,
        {
          method: 'authenticator',
          secret: row.pendingSecret,
          enabledAt: ctx.now(),
          pendingSecret: null,
          pendingCreatedAt: null,
        },
        { elevate: true },
      );
    },

    async startEmail(signedIn: SignedInCustomer): Promise<{ identifier: string }> {
      requireElevated(signedIn);
      const { customer } = signedIn;
      await sendEmailCode(customer);
      return { identifier: maskEmail(customer.email) };
    },

    async confirmEmail(signedIn: SignedInCustomer, otp: string): Promise<TwoFactorConfig> {
      requireElevated(signedIn);
      const { customer } = signedIn;
      await checkWith(customer, () => emailCodeOk(customer, otp), otp, 400);
      return saveChange(
        signedIn,
        { method: 'email', secret: null, enabledAt: ctx.now(), pendingSecret: null, pendingCreatedAt: null },
        { elevate: true },
      );
    },

    async disable(signedIn: SignedInCustomer): Promise<TwoFactorConfig> {
      requireElevated(signedIn);
      return saveChange(
        signedIn,
        {
          method: null,
          secret: null,
          enabledAt: null,
          pendingSecret: null,
          pendingCreatedAt: null,
          lastTimeStep: null,
        },
        { elevate: false },
      );
    },

    /** Steps a session up with a fresh code and returns an access token that says so. */
    async elevate(signedIn: SignedInCustomer, otp: string): Promise<{ accessToken: string }> {
      await checkCode(signedIn.customer, otp);
      const now = ctx.now();
      await repo.elevateSession(signedIn.session.id, now);
      return { accessToken: await sessions.accessToken({ ...signedIn.session, elevatedAt: now }, now) };
    },

    /** Sends the email code a step-up needs (email method, or no second factor yet). */
    async requestElevationCode(signedIn: SignedInCustomer): Promise<{ identifier: string }> {
      const row = await repo.twoFactor(signedIn.customer.id);
      const method = enabledMethod(row);
      if (method === 'authenticator') return { identifier: identifier(signedIn.customer, method) };
      await sendEmailCode(signedIn.customer);
      return { identifier: maskEmail(signedIn.customer.email) };
    },
  };
}
