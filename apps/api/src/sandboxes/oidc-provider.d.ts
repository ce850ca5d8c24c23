/**
 * The part of oidc-provider (which ships no types) the sandbox ConnectID provider uses.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type Handler = (req: IncomingMessage, res: ServerResponse) => void;

  export type ClaimsValue = Record<string, unknown>;
  export type Account = { accountId: string; claims: () => Promise<ClaimsValue> };

  export type ClientMetadata = {
    client_id: string;
    client_secret: string;
    redirect_uris: string[];
    grant_types?: string[];
    response_types?: string[];
    token_endpoint_auth_method?: string;
  };

  export type Configuration = {
    clients: ClientMetadata[];
    claims: Record<string, string[]>;
    scopes?: string[];
    findAccount: (ctx: unknown, id: string) => Promise<Account | undefined>;
    loadExistingGrant?: (ctx: {
      oidc: { result?: { consent?: { grantId?: string } } };
    }) => Promise<Grant | undefined>;
    interactions: { url: (ctx: unknown, interaction: { uid: string }) => string };
    features?: Record<string, { enabled: boolean }>;
    pkce?: { required: () => boolean };
    conformIdTokenClaims?: boolean;
    cookies?: { keys: string[] };
    jwks?: { keys: Record<string, unknown>[] };
    ttl?: Record<string, number>;
    renderError?: (ctx: { type: string; body: string }, out: Record<string, string>, error: Error) => void;
  };

  export type InteractionDetails = {
    uid: string;
    prompt: { name: string };
    params: Record<string, string | undefined>;
  };

  class Grant {
    constructor(properties: { accountId: string; clientId: string });
    static find(id: string): Promise<Grant | undefined>;
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    readonly issuer: string;
    readonly Grant: typeof Grant;
    callback(): Handler;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: 'server_error', listener: (ctx: unknown, error: Error) => void): this;
  }
}
