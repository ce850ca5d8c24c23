/**
 * The sandbox gateway's own pages: the 3-D Secure challenge (shown in the storefront's frame) and the
 * PayPal approval page. Plain HTML with one inline stylesheet allowed by its hash; no script.
 */
import { createHash } from 'node:crypto';
import { formatMoney } from '@drawhouse/domain';

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:16px;color:#1a1a1a;background:#fff}
main{max-width:480px;margin:0 auto}h1{font-size:1.25rem;margin:0 0 12px}p{margin:0 0 12px;line-height:1.4}
.note{font-size:.875rem;color:#555}form{display:flex;gap:8px;flex-wrap:wrap;margin-top:16px}
button{font:inherit;padding:10px 16px;border-radius:6px;border:1px solid #1a1a1a;cursor:pointer;background:#fff;color:#1a1a1a}
button.primary{background:#1a1a1a;color:#fff}button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}`;

/** The hash source that allows the pages' one stylesheet in their Content-Security-Policy. */
export const PAGE_STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

type Choice = { value: string; label: string; primary?: boolean };

function choiceForm(action: string, token: string, choices: Choice[]): string {
  const buttons = choices
    .map(
      (c) =>
        `<button type="submit" name="action" value="${escapeHtml(c.value)}"${c.primary ? ' class="primary"' : ''}>${escapeHtml(c.label)}</button>`,
    )
    .join('\n');
  return `<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
${buttons}
</form>`;
}

export function challengePage(input: {
  action: string;
  token: string;
  amountCents: number;
  card: string;
}): string {
  return page(
    '3-D Secure check',
    `<h1>Confirm your payment</h1>
<p>Your bank asks you to confirm a payment of ${escapeHtml(formatMoney(input.amountCents))} to Drawhouse with ${escapeHtml(input.card)}.</p>
<p class="note">Sandbox 3-D Secure check: choose how the authentication ends.</p>
${choiceForm(input.action, input.token, [
  { value: 'complete', label: 'Complete authentication', primary: true },
  { value: 'fail', label: 'Fail authentication' },
])}`,
  );
}

export function paypalPage(input: { action: string; token: string; amountCents: number }): string {
  return page(
    'PayPal sandbox',
    `<h1>Pay with PayPal</h1>
<p>Approve a payment of ${escapeHtml(formatMoney(input.amountCents))} to Drawhouse.</p>
<p class="note">PayPal sandbox: no money moves.</p>
${choiceForm(input.action, input.token, [
  { value: 'approve', label: 'Approve payment', primary: true },
  { value: 'cancel', label: 'Cancel and return to Drawhouse' },
])}`,
  );
}

export function expiredPage(): string {
  return page(
    'Payment page expired',
    `<h1>This payment page has expired</h1>
<p>Please return to Drawhouse and try again.</p>`,
  );
}
