import type { Database } from '@drawhouse/db';
import type { ApiConfig } from '../config.ts';
import type { MailCatcher, Mailer } from '../modules/notifications/index.ts';
import type { ResponseCache } from './cache.ts';
import type { RouteTable } from './route-table.ts';
import type { Service } from './services.ts';

/** Identifiers a client sends in headers; any that is not letters, digits, '-' or '_' is absent. */
export type ClientContext = {
  sessionId?: string;
  customerId?: string;
  deviceId?: string;
  subVariant?: string;
  pricing?: string;
  segment?: string;
  cartId?: string;
  appKey?: string;
  customerToken?: string;
};

export type AppDeps = {
  db: Database;
  config: ApiConfig;
  /** The secret of a client app, by its key. */
  appSecret: (appKey: string) => Promise<string | undefined>;
  /** True when the database answers. */
  ping: () => Promise<boolean>;
  now?: () => Date;
  mailer: Mailer;
  /** The local SMTP catcher when mail is not really sent (development, tests). */
  mailCatcher?: MailCatcher;
  /** Where links in mail point: the storefront. */
  webBaseUrl: string;
  /** HS256 key for access tokens. */
  jwtSecret: string;
  /** Where the API's log lines go (a test reads them); standard output when absent. */
  logStream?: { write: (line: string) => void };
};

export type RouteVersionConfig = { minVersion?: string };

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    responseCache: ResponseCache;
    /** Every registered method and path (for 405 answers and the OpenAPI walk test). */
    routeTable: RouteTable;
  }
  interface FastifyRequest {
    apiVersion: string;
    service: Service | undefined;
    client: ClientContext;
  }
  interface FastifyContextConfig {
    minVersion?: string;
    /** Takes application/x-www-form-urlencoded bodies; worked out from the body schema unless given. */
    acceptsForm?: boolean;
  }
}
