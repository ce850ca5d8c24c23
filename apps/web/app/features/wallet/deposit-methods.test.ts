import type { PaymentMethod } from '@drawhouse/contract';
import { describe, expect, it } from 'vitest';
import { bankOptions, methodChoiceOf, walletOptions, walletTestToken } from './deposit-methods';

const aud = (amount: number) => ({ amount, currency: 'AUD' });

function method(code: PaymentMethod['code'], overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    code,
    name: code,
    cart: true,
    withdraw: false,
    digitalWallet: code === 'ap' || code === 'gp',
    funds: [],
    availableGateways: code === 'bp' || code === 'dd' ? [] : ['sandbox'],
    attributes: {},
    rules: { enabled: true, minAmount: aud(1), maxAmount: aud(5000), cscRequired: {} },
    ...overrides,
  };
}

describe('deposit methods', () => {
  it('offers Apple Pay and Google Pay only in test mode, enabled and with a gateway', () => {
    const methods = [method('cc'), method('ap'), method('gp')];
    expect(walletOptions(methods, false)).toEqual([]);
    expect(walletOptions(methods, true).map((o) => [o.code, o.label, o.gateway])).toEqual([
      ['ap', 'Apple Pay (test)', 'sandbox'],
      ['gp', 'Google Pay (test)', 'sandbox'],
    ]);
    const fromAttributes = [method('ap', { attributes: { testMode: true } })];
    expect(walletOptions(fromAttributes, false).map((o) => o.code)).toEqual(['ap']);
    const disabled = method('gp', { rules: { ...method('gp').rules, enabled: false } });
    expect(walletOptions([disabled, method('ap', { availableGateways: [] })], true)).toEqual([]);
  });

  it('offers BPAY and bank transfer when enabled, with their own amount bounds', () => {
    const rules = { enabled: true, minAmount: aud(10), maxAmount: aud(20000), cscRequired: {} };
    const options = bankOptions([
      method('bp', { rules }),
      method('dd', { rules: { ...rules, enabled: false } }),
    ]);
    expect(options).toEqual([{ code: 'bp', label: 'BPAY', bounds: { min: aud(10), max: aud(20000) } }]);
  });

  it('reads the method the form chose', () => {
    expect(methodChoiceOf('wallet:gp')).toEqual({ kind: 'wallet', code: 'gp' });
    expect(methodChoiceOf('bank:dd')).toEqual({ kind: 'bank', code: 'dd' });
    expect(methodChoiceOf('wallet:bp')).toEqual({ kind: 'card' });
    expect(methodChoiceOf('card:abc')).toEqual({ kind: 'card' });
    expect(methodChoiceOf('')).toEqual({ kind: 'card' });
  });

  it('sends the test token of the outcome picked', () => {
    expect(walletTestToken('declined')).toBe('sandbox-wallet-declined');
    expect(walletTestToken('insufficient-funds')).toBe('sandbox-wallet-insufficient-funds');
    expect(walletTestToken('anything')).toBe('sandbox-wallet-approved');
  });
});
