import { DEFAULT_WEB_APP_SECRET } from '@drawhouse/db';
import { describe, expect, it } from 'vitest';
import { appSecretProblems, loadConfig, productionProblems } from './config.ts';

const strong = 'a'.repeat(32);
const production = {
  NODE_ENV: 'production',
  JWT_SECRET: strong,
  SMTP_URL: 'smtp://mail.example:587',
  PAYMENT_GATEWAY: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_key',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_key',
  STRIPE_WEBHOOK_SECRET: 'whsec_key',
  IDENTITY_SOURCE: 'none',
  PAYOUT_ADAPTER: 'manual',
};

describe('DEV_MAILBOX', () => {
  it('is off unless set to 1', () => {
    expect(loadConfig({}).devMailbox).toBe(false);
    expect(loadConfig({ DEV_MAILBOX: '0' }).devMailbox).toBe(false);
    expect(loadConfig({ DEV_MAILBOX: '1' }).devMailbox).toBe(true);
    expect(() => loadConfig({ DEV_MAILBOX: 'yes' })).toThrow('DEV_MAILBOX must be 1 or 0');
  });

  it('stops a production start, naming the variable', () => {
    expect(productionProblems(loadConfig(production))).toEqual([]);
    const problems = productionProblems(loadConfig({ ...production, DEV_MAILBOX: '1' }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^DEV_MAILBOX must not be set in production/);
  });

  it('is allowed outside production', () => {
    expect(productionProblems(loadConfig({ DEV_MAILBOX: '1' }))).toEqual([]);
  });
});

describe('production secrets', () => {
  it('refuses the default or a short JWT_SECRET', () => {
    const { JWT_SECRET: _, ...withoutJwt } = production;
    expect(productionProblems(loadConfig(withoutJwt))[0]).toMatch(/^JWT_SECRET/);
    expect(productionProblems(loadConfig({ ...production, JWT_SECRET: 'a'.repeat(31) }))[0]).toMatch(
      /^JWT_SECRET/,
    );
  });

  it('refuses stored app secrets that are the seed default or short, naming the key', () => {
    expect(appSecretProblems([{ key: 'shop', secret: strong }])).toEqual([]);
    const problems = appSecretProblems([
      { key: 'drawhouse-web', secret: DEFAULT_WEB_APP_SECRET },
      { key: 'partner', secret: 'b'.repeat(31) },
    ]);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('"drawhouse-web"');
    expect(problems[0]).toContain('WEB_APP_SECRET');
    expect(problems[1]).toContain('"partner"');
  });
});

describe('the draw settings', () => {
  it('are demo mode off, a $10,000 approval threshold and a $50,000 second approval unless set', () => {
    expect(loadConfig({}).draws).toEqual({
      demo: false,
      prizeApprovalThresholdCents: 1_000_000,
      prizeSecondApprovalCents: 5_000_000,
    });
    expect(
      loadConfig({
        DRAWS_DEMO: '1',
        PRIZE_APPROVAL_THRESHOLD_CENTS: '50000',
        PRIZE_SECOND_APPROVAL_CENTS: '90000',
      }).draws,
    ).toEqual({ demo: true, prizeApprovalThresholdCents: 50_000, prizeSecondApprovalCents: 90_000 });
    expect(() => loadConfig({ PRIZE_APPROVAL_THRESHOLD_CENTS: '-1' })).toThrow(
      /PRIZE_APPROVAL_THRESHOLD_CENTS/,
    );
  });

  it('refuse demo draws in production', () => {
    const problems = productionProblems(loadConfig({ ...production, DRAWS_DEMO: '1' }));
    expect(problems).toEqual([expect.stringMatching(/^DRAWS_DEMO must not be set in production/)]);
  });
});

describe('the payment gateway in production', () => {
  it('refuses the sandbox, whether PAYMENT_GATEWAY is unset or says sandbox', () => {
    const { PAYMENT_GATEWAY: _, ...unset } = production;
    for (const env of [unset, { ...production, PAYMENT_GATEWAY: 'sandbox' }]) {
      expect(productionProblems(loadConfig(env))).toEqual([
        expect.stringMatching(/^PAYMENT_GATEWAY must be set to stripe in production/),
      ]);
    }
  });

  it("refuses Stripe's test mode keys", () => {
    for (const key of ['sk_test_key', 'rk_test_key']) {
      expect(productionProblems(loadConfig({ ...production, STRIPE_SECRET_KEY: key }))).toEqual([
        expect.stringMatching(/^STRIPE_SECRET_KEY must be a live key/),
      ]);
    }
  });

  it('keeps the sandbox outside production', () => {
    expect(loadConfig({}).payments.gateway).toBe('sandbox');
    expect(productionProblems(loadConfig({}))).toEqual([]);
  });
});

describe('the identity source', () => {
  it('is the sandbox by default, 5 checks a day, due 14 days after the first deposit', () => {
    expect(loadConfig({}).verification).toEqual({
      identitySource: 'sandbox',
      attemptsPerDay: 5,
      deadlineDays: 14,
      connectId: null,
    });
    expect(() => loadConfig({ IDENTITY_SOURCE: 'greenid' })).toThrow(
      'IDENTITY_SOURCE must be sandbox or none',
    );
    expect(loadConfig({ VERIFICATION_DEADLINE_DAYS: '30' }).verification.deadlineDays).toBe(30);
  });

  it('refuses the sandbox in production, whether IDENTITY_SOURCE is unset or says sandbox', () => {
    const { IDENTITY_SOURCE: _, ...unset } = production;
    for (const env of [unset, { ...production, IDENTITY_SOURCE: 'sandbox' }]) {
      expect(productionProblems(loadConfig(env))).toEqual([
        expect.stringMatching(/^IDENTITY_SOURCE must not be sandbox in production/),
      ]);
    }
    expect(productionProblems(loadConfig(production))).toEqual([]);
  });
});

describe('ConnectID', () => {
  it('is off unless CONNECTID names the sandbox or a provider', () => {
    expect(loadConfig({}).verification.connectId).toBeNull();
    expect(loadConfig({ CONNECTID: 'sandbox' }).verification.connectId).toMatchObject({
      mode: 'sandbox',
      issuer: 'http://localhost:4500',
      clientId: 'drawhouse-sandbox',
    });
    expect(
      loadConfig({ CONNECTID: 'sandbox', CONNECTID_ISSUER: 'http://127.0.0.1:4555' }).verification.connectId
        ?.issuer,
    ).toBe('http://127.0.0.1:4555');
    expect(() => loadConfig({ CONNECTID: 'yes' })).toThrow('CONNECTID must be none, sandbox or provider');
  });

  it('needs an https issuer and the client’s id and secret for a real provider', () => {
    const env = {
      CONNECTID: 'provider',
      CONNECTID_ISSUER: 'https://auth.connectid.example',
      CONNECTID_CLIENT_ID: 'shop',
      CONNECTID_CLIENT_SECRET: 's3cret',
    };
    expect(loadConfig(env).verification.connectId).toEqual({
      mode: 'provider',
      issuer: 'https://auth.connectid.example',
      clientId: 'shop',
      clientSecret: 's3cret',
    });
    expect(() => loadConfig({ ...env, CONNECTID_ISSUER: 'http://auth.connectid.example' })).toThrow(
      'CONNECTID=provider needs CONNECTID_ISSUER (an https address)',
    );
    expect(() => loadConfig({ ...env, CONNECTID_CLIENT_SECRET: '' })).toThrow(/CONNECTID_CLIENT_SECRET/);
  });

  it('refuses the sandbox provider in production', () => {
    expect(productionProblems(loadConfig({ ...production, CONNECTID: 'sandbox' }))).toEqual([
      expect.stringMatching(/^CONNECTID must not be sandbox in production/),
    ]);
    const real = {
      ...production,
      CONNECTID: 'provider',
      CONNECTID_ISSUER: 'https://auth.connectid.example',
      CONNECTID_CLIENT_ID: 'shop',
      CONNECTID_CLIENT_SECRET: 's3cret',
    };
    expect(productionProblems(loadConfig(real))).toEqual([]);
    expect(productionProblems(loadConfig({ ...production, CONNECTID: 'none' }))).toEqual([]);
  });
});

describe('payouts', () => {
  it('the sandbox pays by default, approving up to $2,000.00 by rule; the threshold is the operator’s', () => {
    expect(loadConfig({}).payouts).toEqual({ adapter: 'sandbox', autoApproveCents: 200_000 });
    expect(loadConfig({ WITHDRAWAL_AUTO_APPROVE_CENTS: '50000' }).payouts.autoApproveCents).toBe(50_000);
    expect(() => loadConfig({ WITHDRAWAL_AUTO_APPROVE_CENTS: '12.5' })).toThrow(
      'WITHDRAWAL_AUTO_APPROVE_CENTS',
    );
    expect(() => loadConfig({ PAYOUT_ADAPTER: 'bank' })).toThrow('PAYOUT_ADAPTER must be sandbox or manual');
  });

  it('a production start refuses the sandbox payout adapter', () => {
    const { PAYOUT_ADAPTER: _, ...withSandbox } = production;
    const problems = productionProblems(loadConfig(withSandbox));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^PAYOUT_ADAPTER must be set in production/);
    expect(productionProblems(loadConfig({ ...production, PAYOUT_ADAPTER: 'sandbox' }))).toHaveLength(1);
  });
});
