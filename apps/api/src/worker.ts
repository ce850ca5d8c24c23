/**
 * `npm run worker`: the background jobs without the HTTP API (run the API with API_JOBS=0 when
 * workers run apart). Needs DATABASE_URL.
 */
import { createDb } from '@drawhouse/db';
import { loadConfig } from './config.ts';
import { createMailDeps } from './deps.ts';
import { startJobs } from './jobs/index.ts';

const config = loadConfig();
if (!config.databaseUrl) {
  console.error('DATABASE_URL is not set: the worker needs the database the API uses.');
  process.exit(1);
}
const database = createDb(config.databaseUrl);
const log = {
  info: (obj: object, msg: string) => console.log(JSON.stringify({ level: 'info', msg, ...obj })),
  error: (obj: object, msg: string) => console.error(JSON.stringify({ level: 'error', msg, ...obj })),
};
const mail = await createMailDeps(config);
const jobs = await startJobs(
  config.databaseUrl,
  {
    db: database.db,
    config,
    webBaseUrl: config.webBaseUrl,
    mailer: mail.mailer,
  },
  log,
);
log.info({}, 'worker started');

async function shutdown() {
  await jobs.stop();
  await mail.mailCatcher?.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
