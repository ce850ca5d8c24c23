/**
 * The ID token checks of `oidcIdClaims` against a provider of the test's own (discovery, keys and a
 * token endpoint on a local port), which signs whatever ID token the case asks for: an ID token for
 * another audience, from another issuer, with another nonce or signed by a key the provider does not
 * publish is refused (`declined`), and a good one is read.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OidcChecks, oidcChecks, oidcConfiguration, oidcIdClaims } from './oidc-client.ts';

const CLIENT_ID = 'drawhouse-web';
const REDIRECT = 'http://localhost:3000/social-authentication/google';

type IdTokenCase = { aud?: string; iss?: string; nonce?: string; foreignKey?: boolean };

let server: Server;
let issuer: string;
let nextToken: IdTokenCase = {};
let checks: OidcChecks;

const provider = await generateKeyPair('RS256');
const stranger = await generateKeyPair('RS256');

async function idToken(c: IdTokenCase): Promise<string> {
  return new SignJWT({ nonce: c.nonce ?? checks.nonce, email: 'robin@example.com' })
    .setProtectedHeader({ alg: 'RS256', kid: 'provider-key' })
    .setIssuer(c.iss ?? issuer)
    .setAudience(c.aud ?? CLIENT_ID)
    .setSubject('subject-1')
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(c.foreignKey ? stranger.privateKey : provider.privateKey);
}

beforeAll(async () => {
  const jwk = { ...(await exportJWK(provider.publicKey)), kid: 'provider-key', alg: 'RS256', use: 'sig' };
  server = createServer((req, res) => {
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/.well-known/openid-configuration') {
      json({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    } else if (req.url === '/jwks') {
      json({ keys: [jwk] });
    } else if (req.url === '/token' && req.method === 'POST') {
      req.resume();
      req.on('end', async () =>
        json({
          access_token: 'access',
          token_type: 'Bearer',
          expires_in: 300,
          id_token: await idToken(nextToken),
        }),
      );
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function answerWith(c: IdTokenCase) {
  nextToken = c;
  checks = oidcChecks();
  const configuration = oidcConfiguration({ issuer, clientId: CLIENT_ID, clientSecret: 'secret' }, (e) =>
    e instanceof Error ? e : new Error(String(e)),
  );
  const params = new URLSearchParams({ state: checks.state, code: 'a-code' });
  return oidcIdClaims(await configuration(), REDIRECT, params, checks);
}

describe('oidcIdClaims', () => {
  it('reads the claims of an ID token for this client, from this issuer, with the nonce sent', async () => {
    const answer = await answerWith({});
    expect(answer).toMatchObject({
      claims: { sub: 'subject-1', aud: CLIENT_ID, email: 'robin@example.com' },
    });
  });

  it.each([
    ['for another audience', { aud: 'another-app' }],
    ['from another issuer', { iss: 'https://accounts.example.net' }],
    ['with another nonce', { nonce: 'not-the-one-sent' }],
    ['signed with a key the provider does not publish', { foreignKey: true }],
  ])('refuses an ID token %s', async (_name, c) => {
    expect(await answerWith(c)).toEqual({ refusal: 'declined' });
  });
});
