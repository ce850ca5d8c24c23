import { cleanIdentifier } from '@drawhouse/domain';
import { createNonce } from '../lib/page-nonce.server';
import type { Route } from './+types/three-ds-notify';

/** What the card issuer's check reported, as the result page's path says it. */
function outcomeOf(status: string | null): 'success' | 'failure' {
  return status === 'succeeded' || status === 'success' || status === 'passed' ? 'success' : 'failure';
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * /3ds/notify?deposit_id=..&status=..: where the 3-D Secure challenge sends its frame when it ends.
 * A tiny page of its own (no app bundle inside the frame) moves the whole window on to the
 * payment's result page, which reads the deposit's real state from the API; the status here only
 * picks the wording of the address. A link does the same without script. The page may be framed by
 * the shop itself only, and runs only its own nonce'd script.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const depositId = cleanIdentifier(url.searchParams.get('deposit_id') ?? undefined);
  const target = depositId
    ? `/checkout/deposit/${encodeURIComponent(depositId)}/${outcomeOf(url.searchParams.get('status'))}`
    : '/cart/buy';
  const nonce = createNonce();
  // JSON of a path built from an identifier: no character that could end the script.
  const script = `try{window.top.location.replace(${JSON.stringify(target)})}catch(e){}`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Returning to your order</title><script nonce="${nonce}">${script}</script></head>
<body style="font-family:system-ui,sans-serif;padding:1rem"><p>Your card check is finished.</p>
<p><a href="${escapeHtml(target)}" target="_top">Continue to your order</a></p></body></html>`;
  return new Response(html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'private, no-store',
      'Content-Security-Policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'`,
      'X-Frame-Options': 'SAMEORIGIN',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    },
  });
}
