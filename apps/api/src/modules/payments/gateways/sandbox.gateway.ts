/**
 * The sandbox gateway: a card gateway's test mode inside the API (ADR 019). Cards are tokenised by
 * `POST /v2/funds/sandbox/tokens` straight from the browser; a token keeps only brand, last four
 * digits, expiry, holder name, how the test number behaves and a salted hash of the security code.
 * Test numbers as Stripe's test mode. As an issuer does, a saved card is charged only with the
 * security code it was tokenised with (any other is declined `incorrect_csc`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { type CardTokenRequest, SANDBOX_TEST_CARDS, SANDBOX_WALLET_TOKENS } from '@drawhouse/contract';
import type { SandboxCardOutcome } from '@drawhouse/db';
import { checkCardDetails } from '@drawhouse/domain';
import { AppError } from '../../../http/errors.ts';
import { fieldErrors, validationError } from '../../../http/validation.ts';
import { hashPassword, verifyPassword } from '../../accounts/index.ts';
import type { PaymentsRepository } from '../payments.repository.ts';
import {
  type CardGatewayAdapter,
  type ChargeOutcome,
  type ChargeRequest,
  cardNoLongerChargeable,
  NOT_THIS_GATEWAY,
} from './gateway.ts';

/** Apple Pay and Google Pay sheets of the sandbox give these tokens. */
export { SANDBOX_WALLET_TOKENS };

/** How long a token may wait before it saves a card. */
const TOKEN_TTL_MS = 60 * 60 * 1000;

const SNAKE_FIELDS = {
  cardNumber: 'card_number',
  expiryMonth: 'expiry_month',
  expiryYear: 'expiry_year',
  csc: 'csc',
  holderName: 'holder_name',
} as const;

function outcomeOf(digits: string): SandboxCardOutcome {
  const known = SANDBOX_TEST_CARDS.find((c) => c.number === digits)?.outcome;
  return (known as SandboxCardOutcome | undefined) ?? 'succeed';
}

/**
 * Tokenises card details: checks them (field errors in the customer's words) and keeps what a
 * receipt may show, the test outcome and the CSC's hash. The number and the CSC are dropped here.
 * The hash is argon2id with its own random salt, as for passwords and operator tokens: a CSC is a
 * short secret the customer knows, so a slow salted hash is what the codebase keeps such secrets as.
 */
export async function tokenizeSandboxCard(
  repo: PaymentsRepository,
  input: CardTokenRequest,
  now: Date,
): Promise<{ token: string; brand: string; last4: string }> {
  const checked = checkCardDetails(
    {
      cardNumber: input.cardNumber,
      expiryMonth: input.expiryMonth,
      expiryYear: input.expiryYear,
      csc: input.csc,
      holderName: input.holderName,
    },
    now,
  );
  if (!checked.ok) {
    throw validationError(fieldErrors(checked.errors.map((e) => [SNAKE_FIELDS[e.field], e.message, e.code])));
  }
  const { card } = checked;
  const token = `tok_sandbox_${randomBytes(18).toString('base64url')}`;
  await repo.insertSandboxToken({
    token,
    brand: card.brand,
    last4: card.last4,
    expiryMonth: card.expiryMonth,
    expiryYear: card.expiryYear,
    holderName: card.holderName,
    outcome: outcomeOf(card.digits),
    cscHash: await hashPassword(input.csc.trim()),
    createdAt: now,
  });
  return { token, brand: card.brand, last4: card.last4 };
}

const invalidToken = () =>
  new AppError(400, 'invalid_card_token', 'The card details have expired. Please enter them again.');

export function sandboxGateway(options: { apiPublicUrl: string; now: () => Date }): CardGatewayAdapter {
  async function cardToken(repo: PaymentsRepository, reference: string | null) {
    const token = reference ? await repo.sandboxToken(reference) : undefined;
    if (!token) throw new Error(`sandbox card ${reference} is missing`);
    return token;
  }

  function walletOutcome(walletToken: string | undefined): ChargeOutcome {
    const reference = `sandbox_wallet_${randomBytes(9).toString('base64url')}`;
    if (walletToken === SANDBOX_WALLET_TOKENS.approved)
      return { outcome: 'succeeded', gatewayReference: reference };
    if (walletToken === SANDBOX_WALLET_TOKENS.declined) {
      return { outcome: 'declined', gatewayReference: reference, code: 'card_declined' };
    }
    if (walletToken === SANDBOX_WALLET_TOKENS.insufficientFunds) {
      return { outcome: 'declined', gatewayReference: reference, code: 'insufficient_funds' };
    }
    throw validationError(
      fieldErrors([['wallet_token', 'The wallet payment could not be read. Please try again.', 'invalid']]),
    );
  }

  async function firstCharge(repo: PaymentsRepository, request: ChargeRequest): Promise<ChargeOutcome> {
    // Made again after its answer was lost, but never reached the sandbox: without what only the
    // customer gave (the security code, a wallet token) the charge cannot be made, and nothing was taken.
    if (request.repeat && !request.offSession) {
      return { outcome: 'declined', gatewayReference: null, code: 'card_declined' };
    }
    if (!request.fund) return walletOutcome(request.walletToken);
    const token = await cardToken(repo, request.fund.gatewayReference);
    const gatewayReference = `sandbox_pay_${request.depositId}`;
    // On session the customer re-enters the card's CSC (the service makes sure one is there).
    if (!request.offSession) {
      // A card tokenised before the sandbox kept the CSC's hash has nothing to check a code
      // against. Accepting any code would leave it chargeable by anyone holding the session, so
      // the customer is asked to add the card again (only sandbox test cards are affected).
      // Off-session charges (autoplay) ask for no code and go on with it.
      if (!token.cscHash) throw cardNoLongerChargeable();
      const csc = request.csc?.trim() ?? '';
      if (!csc || !(await verifyPassword(token.cscHash, csc))) {
        return { outcome: 'declined', gatewayReference, code: 'incorrect_csc' };
      }
    }
    switch (token.outcome) {
      case 'succeed':
        return { outcome: 'succeeded', gatewayReference };
      case 'decline':
        return { outcome: 'declined', gatewayReference, code: 'card_declined' };
      case 'insufficient_funds':
        return { outcome: 'declined', gatewayReference, code: 'insufficient_funds' };
      case 'challenge_then_succeed':
      case 'challenge_then_decline':
        if (request.offSession)
          return { outcome: 'declined', gatewayReference, code: 'authentication_required' };
        return { outcome: 'challenge', gatewayReference, redirectUrl: request.challengeUrl };
    }
  }

  return {
    key: 'sandbox',
    testMode: true,
    tokenizeUrl: `${options.apiPublicUrl}/v2/funds/sandbox/tokens`,
    publishableKey: null,
    testCards: SANDBOX_TEST_CARDS,

    async saveCard(repo, _customerId, token) {
      const row = await repo.sandboxToken(token);
      if (!row || row.usedAt || options.now().getTime() - row.createdAt.getTime() > TOKEN_TTL_MS) {
        throw invalidToken();
      }
      if (!(await repo.useSandboxToken(token, options.now()))) throw invalidToken();
      return {
        gatewayReference: row.token,
        brand: row.brand,
        last4: row.last4,
        expiryMonth: row.expiryMonth,
        expiryYear: row.expiryYear,
        holderName: row.holderName,
      };
    },

    async charge(repo, request) {
      const kept = await repo.sandboxCharge(request.depositId);
      if (kept) return kept as ChargeOutcome;
      const outcome = await firstCharge(repo, request);
      await repo.keepSandboxCharge(request.depositId, outcome, options.now());
      // Two charges under one key at once: both answer the one kept first.
      return ((await repo.sandboxCharge(request.depositId)) ?? outcome) as ChargeOutcome;
    },

    async challengeResult(repo, deposit, passed) {
      if (!passed) return { outcome: 'declined', code: 'authentication_failed' };
      const fund = deposit.fundId ? await repo.fundById(deposit.fundId) : undefined;
      const { outcome } = await cardToken(repo, fund?.gatewayReference ?? null);
      return outcome === 'challenge_then_succeed'
        ? { outcome: 'succeeded' }
        : { outcome: 'declined', code: 'card_declined' };
    },

    async cancel() {},
    /** The sandbox refunds any deposit it took, at once; its reference is the key's, so a repeat answers the same. */
    async refund({ key, deposit }) {
      if (deposit.gateway !== 'sandbox') return { outcome: 'failed', reason: NOT_THIS_GATEWAY };
      return {
        outcome: 'refunded',
        reference: `re_sandbox_${createHash('sha256').update(key).digest('hex').slice(0, 20)}`,
      };
    },
  };
}
