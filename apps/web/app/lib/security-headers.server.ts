/**
 * The storefront's security headers, on every answer: server.mjs sets them on everything it sends
 * (static files, refusals, redirects, data), and entry.server.tsx sets them on each page with that
 * page's script nonce. Helmet writes the header values; the directives are the shop's.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { apiPublicOrigin, connectIdOrigin, socialSignInOrigins } from './config.server';

export type SecurityHeaderOptions = {
  /** The page's script nonce. Answers without one allow no inline script at all. */
  nonce?: string;
  /** Served over HTTPS in production: Strict-Transport-Security and upgrade-insecure-requests. */
  https?: boolean;
  /** The Vite dev server: its hot-reload socket may connect. */
  development?: boolean;
  /**
   * The API's origin as browsers reach it (config `API_PUBLIC_URL`): the card form posts card
   * details to its tokenising endpoint, the 3-D Secure challenge is framed from it and the PayPal
   * sandbox approval page is on it.
   */
  apiOrigin?: string;
  /** The ConnectID provider's origin (config `CONNECTID_ISSUER`): the verify page's form goes there. */
  identityProviderOrigin?: string;
  /** Apple's and Google's sign-in origins (config `<P>_ISSUER`): "Continue with ..." forms go there. */
  signInProviderOrigins?: readonly string[];
};

export type HeaderList = readonly (readonly [string, string])[];

/** Browser features the shop never uses, turned off for its pages and anything they embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/** Stands in for the nonce while helmet writes the policy; replaced per answer. */
const NONCE_SLOT = 'nonce-slot';

function directives({
  nonce,
  https,
  development,
  apiOrigin,
  identityProviderOrigin,
  signInProviderOrigins = [],
}: SecurityHeaderOptions) {
  const payments = apiOrigin ? [apiOrigin] : [];
  const identity = [
    ...new Set([...(identityProviderOrigin ? [identityProviderOrigin] : []), ...signInProviderOrigins]),
  ];
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    // Scripts come only from the shop: its files, and the inline scripts React Router writes into
    // the page, which carry the page's nonce.
    scriptSrc: nonce === undefined ? ["'self'"] : ["'self'", `'nonce-${NONCE_SLOT}'`],
    scriptSrcAttr: ["'none'"],
    // The theme is an inline <style> and a few elements set style attributes (ball grid columns,
    // Radix dialogs): inline styles stay allowed; they cannot run code.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // The 2FA QR code is a data: image.
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    // The card form's tokenising call goes to the API's payment sandbox (or gateway), never to the shop.
    connectSrc: development ? ["'self'", ...payments, 'ws:', 'wss:'] : ["'self'", ...payments],
    // The 3-D Secure challenge frame; it ends on the shop's own /3ds/notify page.
    frameSrc: ["'self'", ...payments],
    // A checkout form without JavaScript follows the action's redirect to the PayPal approval page;
    // the verify page's ConnectID form, to the identity provider's sign-in page; "Continue with Apple"
    // and "Continue with Google", to theirs.
    formAction: ["'self'", ...payments, ...identity],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    ...(https ? { upgradeInsecureRequests: [] } : {}),
  };
}

/** What helmet sets for these options, read from a response that is never sent. */
function helmetHeaders(options: SecurityHeaderOptions): [string, string][] {
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: directives(options) },
    strictTransportSecurity: options.https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  middleware(req, res, (error?: unknown) => {
    if (error) throw error;
  });
  const headers: [string, string][] = Object.entries(res.getHeaders()).map(([name, value]) => [
    name,
    String(value),
  ]);
  headers.push(['permissions-policy', PERMISSIONS_POLICY]);
  return headers;
}

type Variant = { headers: HeaderList; csp: { before: string; after: string } | undefined };
const variants = new Map<string, Variant>();

function variantOf(options: SecurityHeaderOptions): Variant {
  const key = `${options.nonce !== undefined}${options.https === true}${options.development === true} ${options.apiOrigin ?? ''} ${options.identityProviderOrigin ?? ''} ${options.signInProviderOrigins?.join(',') ?? ''}`;
  let variant = variants.get(key);
  if (!variant) {
    const headers = helmetHeaders(options);
    const policy = headers.find(([name]) => name === 'content-security-policy')?.[1] ?? '';
    const at = options.nonce === undefined ? -1 : policy.indexOf(NONCE_SLOT);
    variant = {
      headers,
      csp: at < 0 ? undefined : { before: policy.slice(0, at), after: policy.slice(at + NONCE_SLOT.length) },
    };
    variants.set(key, variant);
  }
  return variant;
}

const defaultApiOrigin = apiPublicOrigin();
const defaultIdentityProviderOrigin = connectIdOrigin();
const defaultSignInProviderOrigins = socialSignInOrigins();

const NONCE_PATTERN = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** The headers of one answer (lower-case names). Header sets are built once; only the nonce varies. */
export function securityHeaders(given: SecurityHeaderOptions = {}): HeaderList {
  const options = {
    ...given,
    apiOrigin: given.apiOrigin ?? defaultApiOrigin,
    identityProviderOrigin: given.identityProviderOrigin ?? defaultIdentityProviderOrigin,
    signInProviderOrigins: given.signInProviderOrigins ?? defaultSignInProviderOrigins,
  };
  const variant = variantOf(options);
  const { nonce } = options;
  if (nonce === undefined || !variant.csp) return variant.headers;
  if (!NONCE_PATTERN.test(nonce)) throw new Error('A CSP nonce must be base64 text.');
  const policy = `${variant.csp.before}${nonce}${variant.csp.after}`;
  return variant.headers.map(([name, value]) =>
    name === 'content-security-policy' ? [name, policy] : [name, value],
  );
}
