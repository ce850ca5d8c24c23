/**
 * Apple and Google sign-in use cases (ADR 081). Start: a sign-in at the provider, its `state`,
 * `nonce` and PKCE verifier kept here for a few minutes (for a link, bound to the customer who
 * started it). Callback: the provider's answer, accepted once; the code exchanged with no
 * transaction open; then, by `socialAnswerOutcome`: a linked account signs its customer in (as a
 * password does: second factor, hold, closed), a link is added, or the answer is kept behind a
 * one-time token for the sign-up (join) or for the password sign-in that must come first when an
 * account has the email (never a sign-in or a link on the email alone).
 */
import type {
  SignupBody,
  SocialCallbackBody,
  SocialCallbackResult,
  SocialIdentities,
  SocialJoinBody,
  SocialProfileView,
  SocialProvider,
  SocialStart,
} from '@drawhouse/contract';
import type { DbOrTx, SocialProfile } from '@drawhouse/db';
import {
  mayUnlinkProvider,
  SOCIAL_PROVIDER_LABEL,
  SOCIAL_PROVIDERS,
  socialAnswerOutcome,
} from '@drawhouse/domain';
import { AppError } from '../../../http/errors.ts';
import { oidcAnswerParams, oidcChecks } from '../../../http/oidc-client.ts';
import { type AccountsContext, elevationRequired } from '../accounts.context.ts';
import type { AccountsQueries } from '../accounts.repository.ts';
import type { SessionService, SignedInCustomer } from '../session.service.ts';
import type { SignInDevice, SignInOutcome, SignInService } from '../sign-in.service.ts';
import type { SignupService } from '../signup.service.ts';
import { randomToken, sha256 } from '../tokens.ts';
import { type SocialClient, SocialRefused, SocialUnavailable } from './social-sign-in.client.ts';
import { socialSignInQueries } from './social-sign-in.repository.ts';

/** How long a sign-in at the provider may take. */
export const SOCIAL_REQUEST_TTL_MS = 10 * 60 * 1000;
/** How long the sign-up or the password sign-in may take after the provider's answer. */
export const SOCIAL_PENDING_TTL_MS = 30 * 60 * 1000;
/** Requests are forgotten a day after they expire (the `social-sign-in-prune` job). */
export const SOCIAL_KEEP_MS = 24 * 60 * 60 * 1000;

export type SocialCallbackOutcome =
  | { kind: 'result'; result: SocialCallbackResult }
  | { kind: 'sign_in'; outcome: SignInOutcome };

const unavailable = (provider: SocialProvider) =>
  new AppError(
    404,
    `${provider}_sign_in_unavailable`,
    `Signing in with ${SOCIAL_PROVIDER_LABEL[provider]} is not offered here.`,
  );
const providerDown = (provider: SocialProvider) =>
  new AppError(
    503,
    'social_provider_unavailable',
    `${SOCIAL_PROVIDER_LABEL[provider]} is not answering at the moment. Please try again later or sign in with your email and password.`,
  );
const unknownState = () =>
  new AppError(
    400,
    'social_state_invalid',
    'This answer does not belong to a sign-in started here. Nothing was changed: please start again.',
  );
const usedState = () =>
  new AppError(
    409,
    'social_state_used',
    'This sign-in has been used already. Nothing was changed: please start again.',
  );
const expiredState = () =>
  new AppError(
    400,
    'social_state_expired',
    'This sign-in took too long and has expired. Please start again.',
  );
const invalidPending = () =>
  new AppError(
    400,
    'social_pending_invalid',
    'This sign-in with Apple or Google has expired or was used already. Please start again.',
  );
const taken = (provider: SocialProvider) =>
  new AppError(
    409,
    'social_account_taken',
    `This ${SOCIAL_PROVIDER_LABEL[provider]} account is already linked to another Drawhouse account.`,
  );
const alreadyLinked = (provider: SocialProvider) =>
  new AppError(
    409,
    'social_already_linked',
    `Your account already has a ${SOCIAL_PROVIDER_LABEL[provider]} account linked. Unlink it first to link another.`,
  );
const lastMethod = (provider: SocialProvider) =>
  new AppError(
    409,
    'social_last_sign_in_method',
    `${SOCIAL_PROVIDER_LABEL[provider]} is the only way you sign in. Set a password (Forgot password sends a link) or link another account before unlinking it.`,
  );
const notLinked = (provider: SocialProvider) =>
  new AppError(404, 'not_found', `No ${SOCIAL_PROVIDER_LABEL[provider]} account is linked to your account.`);
const noEmail = (provider: SocialProvider) =>
  new AppError(
    400,
    'social_email_missing',
    `${SOCIAL_PROVIDER_LABEL[provider]} did not share an email address, which your account needs. Please share it, or join with your email.`,
  );

export type SocialSignInDeps = {
  ctx: AccountsContext;
  sessions: SessionService;
  signIn: SignInService;
  signup: SignupService;
  clients: Partial<Record<SocialProvider, SocialClient>>;
};

export type SocialSignInService = ReturnType<typeof createSocialSignInService>;

function viewOf(provider: SocialProvider, profile: SocialProfile): SocialProfileView {
  return {
    provider,
    email: profile.email,
    isPrivateEmail: profile.isPrivateEmail,
    firstname: profile.firstname,
    lastname: profile.lastname,
  };
}

export function createSocialSignInService(deps: SocialSignInDeps) {
  const { ctx } = deps;
  const { repo } = ctx;

  function clientOf(provider: SocialProvider): SocialClient {
    const client = deps.clients[provider];
    if (!client) throw unavailable(provider);
    return client;
  }

  async function exchange(
    provider: SocialProvider,
    request: { state: string; nonce: string; codeVerifier: string },
    body: SocialCallbackBody,
  ): Promise<SocialProfile> {
    try {
      const params = oidcAnswerParams(body);
      return await clientOf(provider).exchange({ params, ...request, appleUser: body.user });
    } catch (error) {
      if (error instanceof SocialRefused) throw new AppError(400, error.code, error.message);
      if (error instanceof SocialUnavailable) {
        ctx.log.warn({ err: error }, 'social sign-in provider unavailable');
        throw providerDown(provider);
      }
      throw error;
    }
  }

  /** Keeps the answer behind a one-time token for what must follow (a join or a password sign-in). */
  async function pend(
    tx: AccountsQueries,
    requestId: string,
    profile: SocialProfile,
    emailOwner: string | null,
    now: Date,
  ): Promise<string> {
    const token = randomToken();
    await tx.setSocialPending(requestId, {
      tokenHash: sha256(token),
      profile,
      until: new Date(now.getTime() + SOCIAL_PENDING_TTL_MS),
      customerId: emailOwner,
    });
    return token;
  }

  async function link(
    tx: AccountsQueries,
    provider: SocialProvider,
    profile: SocialProfile,
    customerId: string,
    now: Date,
  ): Promise<void> {
    const existing = await tx.socialIdentity(provider, profile.subject);
    if (existing && existing.customerId !== customerId) throw taken(provider);
    if (existing) return;
    const added = await tx.insertSocialIdentity({
      provider,
      subject: profile.subject,
      email: profile.email,
      customerId,
      linkedAt: now,
    });
    if (!added) {
      const again = await tx.socialIdentity(provider, profile.subject);
      throw again ? taken(provider) : alreadyLinked(provider);
    }
    await tx.emit('customer.sign_in_provider_changed', customerId, {
      customerId,
      provider,
      change: 'linked',
    });
  }

  return {
    /**
     * A sign-in at the provider: where to send the browser. A link needs the signed-in customer's
     * recent step-up, as every sensitive change does.
     */
    async start(
      provider: SocialProvider,
      intent: 'sign_in' | 'link',
      signedIn: SignedInCustomer | undefined,
    ): Promise<SocialStart> {
      const client = clientOf(provider);
      if (intent === 'link' && !signedIn)
        throw new AppError(401, 'unauthorised', 'Please sign in to continue.');
      if (intent === 'link' && !signedIn?.elevated) throw elevationRequired();
      const now = ctx.now();
      const checks = oidcChecks();
      let authorizationUrl: string;
      try {
        authorizationUrl = await client.authorizationUrl(checks);
      } catch (error) {
        if (error instanceof SocialUnavailable) throw providerDown(provider);
        throw error;
      }
      const expiresAt = new Date(now.getTime() + SOCIAL_REQUEST_TTL_MS);
      await repo.insertSocialRequest({
        provider,
        intent,
        customerId: intent === 'link' ? (signedIn?.customer.id ?? null) : null,
        ...checks,
        createdAt: now,
        expiresAt,
      });
      return { authorizationUrl, expiresAt: expiresAt.toISOString() };
    },

    /**
     * The provider's answer. A state that is unknown, of another provider, used already or expired is
     * refused before the provider is asked; a link's answer only from the customer who started it.
     */
    async callback(
      provider: SocialProvider,
      body: SocialCallbackBody,
      signedIn: SignedInCustomer | undefined,
      device: SignInDevice,
    ): Promise<SocialCallbackOutcome> {
      clientOf(provider);
      const request = await repo.socialRequestByState(body.state);
      if (!request || request.provider !== provider) throw unknownState();
      if (request.intent === 'link' && request.customerId !== signedIn?.customer.id) throw unknownState();
      if (request.usedAt) throw usedState();
      if (request.expiresAt.getTime() <= ctx.now().getTime()) throw expiredState();
      const profile = await exchange(provider, request, body);
      const now = ctx.now();
      const decided = await repo.transaction(async (tx) => {
        if (!(await tx.useSocialRequest(request.id, now))) throw usedState();
        const linked = await tx.socialIdentity(provider, profile.subject);
        const owner = profile.email ? await tx.customerByEmail(profile.email) : undefined;
        const outcome = socialAnswerOutcome({
          linkedTo: linked?.customerId ?? null,
          linking: request.intent === 'link' ? request.customerId : null,
          emailOwner: owner?.id ?? null,
        });
        switch (outcome.kind) {
          case 'taken':
            throw taken(provider);
          case 'link':
            await link(tx, provider, profile, outcome.customerId, now);
            return { kind: 'result', result: { outcome: 'linked', provider } } as const;
          case 'sign_in':
            return { kind: 'sign_in', customerId: outcome.customerId } as const;
          case 'account_exists':
          case 'join': {
            if (!profile.email) throw noEmail(provider);
            const owner = outcome.kind === 'account_exists' ? outcome.customerId : null;
            const pendingToken = await pend(tx, request.id, profile, owner, now);
            return {
              kind: 'result',
              result: {
                outcome: outcome.kind === 'join' ? 'join_required' : 'account_exists',
                pendingToken,
                profile: viewOf(provider, profile),
              },
            } as const;
          }
        }
      });
      if (decided.kind === 'result') return decided;
      const customer = await repo.customerById(decided.customerId);
      if (!customer) throw unknownState();
      return { kind: 'sign_in', outcome: await deps.signIn.signInVouched(customer, device) };
    },

    /**
     * The sign-up of a visitor the provider vouched for and nobody has: the usual sign-up rules (18+,
     * names, address, terms), no password, the provider's email, the account linked in the same
     * transaction.
     */
    async join(body: SocialJoinBody) {
      const now = ctx.now();
      const pending = await repo.livePending(sha256(body.pendingToken), now);
      const profile = pending?.pendingProfile;
      if (!pending || !profile?.email || pending.customerId || pending.intent !== 'sign_in')
        throw invalidPending();
      const provider = pending.provider as SocialProvider;
      const { pendingToken: _token, ...rest } = body;
      const signupBody: SignupBody = { ...rest, email: profile.email, password: '' };
      return deps.signup.signup(signupBody, {
        emailConfirmed: profile.emailVerified,
        link: async (tx, customer, at) => {
          if (!(await tx.completePending(pending.id, at))) throw invalidPending();
          await link(tx, provider, profile, customer.id, at);
        },
      });
    },

    /**
     * Links the answer kept when an account had its email, once its owner has signed in with the
     * password in this same flow: the session must be the customer's whose email it was and have
     * started after the answer came back.
     */
    async linkPending(signedIn: SignedInCustomer, pendingToken: string): Promise<SocialIdentities> {
      const now = ctx.now();
      const pending = await repo.livePending(sha256(pendingToken), now);
      const profile = pending?.pendingProfile;
      if (
        !pending ||
        !profile ||
        pending.customerId !== signedIn.customer.id ||
        !pending.usedAt ||
        signedIn.session.createdAt < pending.usedAt
      ) {
        throw invalidPending();
      }
      const provider = pending.provider as SocialProvider;
      await repo.transaction(async (tx) => {
        if (!(await tx.completePending(pending.id, now))) throw invalidPending();
        await link(tx, provider, profile, signedIn.customer.id, now);
      });
      return this.list(signedIn);
    },

    async list(signedIn: SignedInCustomer): Promise<SocialIdentities> {
      const rows = await repo.socialIdentitiesOf(signedIn.customer.id);
      return {
        identities: rows.map((r) => ({
          provider: r.provider as SocialProvider,
          email: r.email,
          linkedAt: r.linkedAt.toISOString(),
        })),
        hasPassword: signedIn.customer.passwordSet,
        available: SOCIAL_PROVIDERS.filter((p) => deps.clients[p] !== undefined),
      };
    },

    /** Unlinks, after a recent step-up; never the last way to sign in. */
    async unlink(signedIn: SignedInCustomer, provider: SocialProvider): Promise<SocialIdentities> {
      if (!signedIn.elevated) throw elevationRequired();
      const customerId = signedIn.customer.id;
      await repo.transaction(async (tx) => {
        const customer = await tx.lockedCustomer(customerId);
        const linked = (await tx.socialIdentitiesOf(customerId)).map((r) => r.provider as SocialProvider);
        if (!linked.includes(provider)) throw notLinked(provider);
        if (!mayUnlinkProvider({ provider, linked, hasPassword: customer?.passwordSet ?? false })) {
          throw lastMethod(provider);
        }
        await tx.deleteSocialIdentity(customerId, provider);
        await tx.emit('customer.sign_in_provider_changed', customerId, {
          customerId,
          provider,
          change: 'unlinked',
        });
      });
      return this.list(signedIn);
    },
  };
}

/**
 * Forgets the sign-ins that expired more than SOCIAL_KEEP_MS ago (the daily `social-sign-in-prune`
 * job), pending answers included (they live far shorter); answers how many.
 */
export function pruneSocialSignIns(db: DbOrTx, now: Date): Promise<number> {
  return socialSignInQueries(db).pruneSocialRequests(new Date(now.getTime() - SOCIAL_KEEP_MS));
}
