/**
 * The sandbox gateway: a card gateway's test mode inside the API (ADR 019). Cards are tokenised by
 * `POST /v2/funds/sandbox/tokens` straight from the browser; a token keeps only brand, last four
 * digits, expiry, holder name and how the test number behaves. Test numbers as Stripe's test mode.
 */
import { randomBytes } from 'node:crypto';
import { type CardTokenRequest, SANDBOX_TEST_CARDS, SANDBOX_WALLET_TOKENS } from '@drawhouse/contract';
import type { SandboxCardOutcome } from '@drawhouse/db';
import { checkCardDetails } from '@drawhouse/domain';
import { AppError } from '../../../http/errors.ts';
import { fieldErrors, validationError } from '../../../http/validation.ts';
import type { PaymentsRepository } from '../payments.repository.ts';
import type { CardGatewayAdapter, ChargeOutcome } from './gateway.ts';

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
 * receipt may show and the test outcome. The number and the CSC are dropped here.
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
    createdAt: now,
  });
  return { token, brand: card.brand, last4: card.last4 };
}

const invalidToken = () =>
  new AppError(400, 'invalid_card_token', 'The card details have expired. Please enter them again.');

export function sandboxGateway(options: { apiPublicUrl: string; now: () => Date }): CardGatewayAdapter {
  async function cardOutcome(
    repo: PaymentsRepository,
    reference: string | null,
  ): Promise<SandboxCardOutcome> {
    const token = reference ? await repo.sandboxToken(reference) : undefined;
    if (!token) throw new Error(`sandbox card ${reference} is missing`);
    return token.outcome;
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
      if (!request.fund) return walletOutcome(request.walletToken);
      const outcome = await cardOutcome(repo, request.fund.gatewayReference);
      const gatewayReference = `sandbox_pay_${request.depositId}`;
      switch (outcome) {
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
    },

    async challengeResult(repo, deposit, passed) {
      if (!passed) return { outcome: 'declined', code: 'authentication_failed' };
      const fund = deposit.fundId ? await repo.fundById(deposit.fundId) : undefined;
      const outcome = await cardOutcome(repo, fund?.gatewayReference ?? null);
      return outcome === 'challenge_then_succeed'
        ? { outcome: 'succeeded' }
        : { outcome: 'declined', code: 'card_declined' };
    },

    async cancel() {},
  };
}
