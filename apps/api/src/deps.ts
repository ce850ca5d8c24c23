import type { DbHandle } from '@drawhouse/db';
import type { ApiConfig } from './config.ts';
import type { AppDeps } from './http/types.ts';
import {
  createMailer,
  type MailCatcher,
  type Mailer,
  startMailCatcher,
} from './modules/notifications/index.ts';
import { createAppKeyRepository } from './modules/system/app-key.repository.ts';

/** Wires the real database into what buildApp needs. */
export type MailDeps = { mailer: Mailer; mailCatcher?: MailCatcher };

/** Real SMTP when SMTP_URL is set; otherwise a local catcher that the development mailbox shows. */
export async function createMailDeps(config: ApiConfig): Promise<MailDeps> {
  if (config.smtpUrl) return { mailer: createMailer(config.smtpUrl, config.mailFrom) };
  const mailCatcher = await startMailCatcher(config.smtpCatcherPort);
  return { mailer: createMailer(`smtp://127.0.0.1:${mailCatcher.port}`, config.mailFrom), mailCatcher };
}

export function createAppDeps(connection: DbHandle, config: ApiConfig, mail: MailDeps): AppDeps {
  const appKeys = createAppKeyRepository(connection.db);
  return {
    db: connection.db,
    config,
    ...mail,
    webBaseUrl: config.webBaseUrl,
    jwtSecret: config.jwtSecret,
    appSecret: appKeys.secretFor,
    ping: async () => {
      try {
        await connection.pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
  };
}
