/**
 * The sandbox Apple and Google providers' sign-in page: the tester picks a test identity or types
 * one (a stable subject, so the same typed account signs in again), then continues (or cancels).
 * Plain HTML with no script, labelled for screen readers.
 */
import { escapeHtml, shell } from './connectid-login.page.ts';
import { SOCIAL_SANDBOX_IDENTITIES, type SocialSandboxProvider } from './social-identities.ts';

export type TypedSocialIdentity = { sub: string; email: string; given_name: string; family_name: string };

const TYPED_LABELS: Record<keyof TypedSocialIdentity, [label: string, autocomplete: string]> = {
  sub: ['Account id at the provider (the same id signs in as the same account)', 'off'],
  email: ['Email', 'email'],
  given_name: ['Given name', 'given-name'],
  family_name: ['Family name', 'family-name'],
};

const NAMES: Record<SocialSandboxProvider, string> = { apple: 'Apple', google: 'Google' };

export function socialLoginPage(args: {
  provider: SocialSandboxProvider;
  uid?: string;
  typed?: TypedSocialIdentity;
  missing?: readonly string[];
  expired?: boolean;
}): string {
  const name = NAMES[args.provider];
  if (args.expired || !args.uid) {
    return shell(
      `${name} sandbox: sign-in expired`,
      `<h1>${name} sandbox</h1><p role="alert" class="error">This sign-in has expired or is not valid. Go back to the shop and start again.</p>`,
    );
  }
  const missing = new Set(args.missing ?? []);
  const typedChosen = args.typed !== undefined;
  const identities = Object.entries(SOCIAL_SANDBOX_IDENTITIES[args.provider])
    .map(
      ([key, identity], i) =>
        `<label><input type="radio" name="identity" value="${key}"${!typedChosen && i === 0 ? ' checked' : ''}> ${escapeHtml(identity.label)}</label>`,
    )
    .join('');
  const fields = (Object.keys(TYPED_LABELS) as (keyof TypedSocialIdentity)[])
    .map((field) => {
      const [label, autocomplete] = TYPED_LABELS[field];
      const error = missing.has(field)
        ? `<span class="error" id="${field}-error">Enter this detail.</span>`
        : '';
      const described = error ? ` aria-describedby="${field}-error" aria-invalid="true"` : '';
      return `<div class="field"><label for="${field}">${label}</label><input id="${field}" name="${field}" autocomplete="${autocomplete}" value="${escapeHtml(args.typed?.[field] ?? '')}"${described}>${error}</div>`;
    })
    .join('');
  const problem =
    missing.size > 0
      ? `<p role="alert" class="error">${missing.has('identity') ? 'Choose who you are signing in as.' : 'Enter every detail to sign in as a typed account.'}</p>`
      : '';
  return shell(
    `${name} sandbox: sign in`,
    `<h1>${name} sandbox</h1>
<p class="note">A local test provider: no ${name} account and no password. Choose who to sign in to Drawhouse as.</p>
${problem}
<form method="post" action="/interaction/${escapeHtml(args.uid)}/login">
<fieldset><legend>Who are you signing in as?</legend>${identities}
<label><input type="radio" name="identity" value="typed"${typedChosen ? ' checked' : ''}> Another account, typed below</label></fieldset>
<fieldset><legend>Another account</legend>${fields}</fieldset>
<p>Drawhouse will receive your ${name} account id, email and name.</p>
<button type="submit" name="action" value="share" class="primary">Continue</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</form>`,
  );
}
