/**
 * The sandbox ConnectID provider's sign-in page: the tester picks a test identity or types details,
 * and shares them with the shop (or cancels). Plain HTML with no script, labelled for screen readers.
 */
import { SANDBOX_IDENTITIES } from './connectid-identities.ts';

export type TypedDetails = {
  given_name: string;
  family_name: string;
  birthdate: string;
  street_address: string;
  locality: string;
  region: string;
  postal_code: string;
};

const TYPED_LABELS: Record<keyof TypedDetails, [label: string, autocomplete: string, type?: string]> = {
  given_name: ['Given name', 'given-name'],
  family_name: ['Family name', 'family-name'],
  birthdate: ['Date of birth (YYYY-MM-DD)', 'bday'],
  street_address: ['Street address', 'street-address'],
  locality: ['Suburb', 'address-level2'],
  region: ['State', 'address-level1'],
  postal_code: ['Postcode', 'postal-code'],
};

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1b1f24}
main{max-width:40rem;margin:2rem auto;background:#fff;padding:2rem;border-radius:8px}
h1{font-size:1.6rem;margin-top:0}fieldset{border:1px solid #8a939c;border-radius:6px;margin:1rem 0;padding:1rem}
legend{font-weight:700}label{display:block;margin:.4rem 0}.field input{display:block;width:100%;padding:.4rem;margin-top:.2rem;border:1px solid #5f6b77;border-radius:4px}
.error{color:#a1140b;font-weight:600}button{font-size:1rem;padding:.6rem 1.2rem;margin-right:.6rem;border-radius:4px;border:1px solid #1b1f24}
.primary{background:#0b4f8a;color:#fff}.note{background:#fff6d6;padding:.6rem;border-radius:4px}`;

/** A sandbox provider page (also the Apple and Google sandboxes'). */
export function shell(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function loginPage(args: {
  uid?: string;
  typed?: TypedDetails;
  missing?: readonly string[];
  expired?: boolean;
}): string {
  if (args.expired || !args.uid) {
    return shell(
      'ConnectID sandbox: sign-in expired',
      '<h1>ConnectID sandbox</h1><p role="alert" class="error">This sign-in has expired or is not valid. Go back to the shop and start again.</p>',
    );
  }
  const missing = new Set(args.missing ?? []);
  const typedChosen = args.typed !== undefined;
  const identities = Object.entries(SANDBOX_IDENTITIES)
    .map(
      ([key, identity], i) =>
        `<label><input type="radio" name="identity" value="${key}"${!typedChosen && i === 0 ? ' checked' : ''}> ${escapeHtml(identity.label)}</label>`,
    )
    .join('');
  const fields = (Object.keys(TYPED_LABELS) as (keyof TypedDetails)[])
    .map((name) => {
      const [label, autocomplete] = TYPED_LABELS[name];
      const error = missing.has(name)
        ? `<span class="error" id="${name}-error">Enter this detail.</span>`
        : '';
      const described = error ? ` aria-describedby="${name}-error" aria-invalid="true"` : '';
      return `<div class="field"><label for="${name}">${label}</label><input id="${name}" name="${name}" autocomplete="${autocomplete}" value="${escapeHtml(args.typed?.[name] ?? '')}"${described}>${error}</div>`;
    })
    .join('');
  const problem =
    missing.size > 0
      ? `<p role="alert" class="error">${missing.has('identity') ? 'Choose who you are signing in as.' : 'Enter every detail to share typed details.'}</p>`
      : '';
  return shell(
    'ConnectID sandbox: share your details',
    `<h1>ConnectID sandbox</h1>
<p class="note">A local test provider: no bank and no password. Choose whose verified details to share with Drawhouse.</p>
${problem}
<form method="post" action="/interaction/${escapeHtml(args.uid)}/login">
<fieldset><legend>Who are you signing in as?</legend>${identities}
<label><input type="radio" name="identity" value="typed"${typedChosen ? ' checked' : ''}> Other details, typed below (verified by the bank)</label></fieldset>
<fieldset><legend>Other details</legend>${fields}</fieldset>
<p>Drawhouse will receive your name, date of birth and address.</p>
<button type="submit" name="action" value="share" class="primary">Share my details</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</form>`,
  );
}
