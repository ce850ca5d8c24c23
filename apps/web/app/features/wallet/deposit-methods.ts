import type { PaymentMethod } from '@drawhouse/contract';
import { SANDBOX_WALLET_TOKENS } from '@drawhouse/contract/sandbox';
import type { AmountBounds } from './amount';

/**
 * The deposit methods besides cards: Apple Pay and Google Pay (a token from the wallet's sheet; in
 * the gateway's test mode a test token the customer picks), BPAY and bank transfer (the customer
 * pays from their bank quoting a reference; the balance is credited when the payment arrives).
 */

export type WalletCode = 'ap' | 'gp';
export type BankCode = 'bp' | 'dd';

export type WalletOption = {
  code: WalletCode;
  name: string;
  label: string;
  gateway: string;
  bounds: AmountBounds;
};
export type BankOption = { code: BankCode; label: string; bounds: AmountBounds };

/** The test tokens of a wallet in test mode, by the outcome the customer picks. */
export const WALLET_TEST_OUTCOMES = [
  { value: 'approved', label: 'Approved', token: SANDBOX_WALLET_TOKENS.approved },
  { value: 'declined', label: 'Declined', token: SANDBOX_WALLET_TOKENS.declined },
  {
    value: 'insufficient-funds',
    label: 'Insufficient funds',
    token: SANDBOX_WALLET_TOKENS.insufficientFunds,
  },
] as const;

const WALLET_NAMES: Record<WalletCode, string> = { ap: 'Apple Pay', gp: 'Google Pay' };
const BANK_NAMES: Record<BankCode, string> = { bp: 'BPAY', dd: 'Bank transfer (direct deposit)' };

function boundsOf(method: PaymentMethod): AmountBounds {
  return { min: method.rules.minAmount, max: method.rules.maxAmount };
}

/**
 * Apple Pay and Google Pay as offered: enabled, with a gateway, and only in the gateway's test mode
 * (the shop has no real wallet sheet, so the choice is labelled a test one).
 */
export function walletOptions(methods: readonly PaymentMethod[], gatewayTestMode: boolean): WalletOption[] {
  return (['ap', 'gp'] as const).flatMap((code) => {
    const method = methods.find((m) => m.code === code && m.rules.enabled);
    const gateway = method?.availableGateways[0];
    const testMode = gatewayTestMode || method?.attributes.testMode === true;
    if (!method || !gateway || !testMode) return [];
    const name = WALLET_NAMES[code];
    return [{ code, name, label: `${name} (test)`, gateway, bounds: boundsOf(method) }];
  });
}

/** BPAY and bank transfer when enabled. */
export function bankOptions(methods: readonly PaymentMethod[]): BankOption[] {
  return (['bp', 'dd'] as const).flatMap((code) => {
    const method = methods.find((m) => m.code === code && m.rules.enabled);
    return method ? [{ code, label: BANK_NAMES[code], bounds: boundsOf(method) }] : [];
  });
}

export type MethodChoice =
  | { kind: 'card' }
  | { kind: 'wallet'; code: WalletCode }
  | { kind: 'bank'; code: BankCode };

/** The form's `method` value: `wallet:ap`, `bank:bp` ...; anything else is a card. */
export function methodChoiceOf(value: string): MethodChoice {
  const [kind, code] = value.split(':');
  if (kind === 'wallet' && (code === 'ap' || code === 'gp')) return { kind, code };
  if (kind === 'bank' && (code === 'bp' || code === 'dd')) return { kind, code };
  return { kind: 'card' };
}

/** The test token for the outcome picked; the approving one when none (or an unknown one) was. */
export function walletTestToken(outcome: string): string {
  return (WALLET_TEST_OUTCOMES.find((o) => o.value === outcome) ?? WALLET_TEST_OUTCOMES[0]).token;
}
