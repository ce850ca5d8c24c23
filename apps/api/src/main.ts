import { createDb } from '@drawhouse/db';
import { buildApp } from './app.ts';
import { appSecretProblems, loadConfig, productionProblems } from './config.ts';
import { createAppDeps, createMailDeps } from './deps.ts';
import { startJobs } from './jobs/index.ts';
import { createAppKeyRepository } from './modules/system/app-key.repository.ts';

const config = loadConfig();
if (!config.databaseUrl) {
  console.error('DATABASE_URL is not set: start the API through `npm start`, or set it.');
  process.exit(1);
}

const database = createDb(config.databaseUrl, { countStatements: config.countStatements });
const problems = productionProblems(config);
if (config.production) {
  try {
    problems.push(...appSecretProblems(await createAppKeyRepository(database.db).activeSecrets()));
  } catch (error) {
    problems.push(`The app keys could not be read: ${error instanceof Error ? error.message : error}`);
  }
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  await database.close();
  process.exit(1);
}

const mail = await createMailDeps(config);
const app = await buildApp(createAppDeps(database, config, mail));
if (mail.mailCatcher) {
  app.log.info(
    { port: mail.mailCatcher.port },
    config.devMailbox
      ? 'mail is caught locally: see /dev/mailbox'
      : 'mail is caught locally (DEV_MAILBOX=1 shows it)',
  );
}

// API_JOBS=0 leaves the jobs (the draw engine among them) to `npm run worker`.
const jobs =
  process.env.API_JOBS === '0' ? undefined : await startJobs(config.databaseUrl, app.deps, app.log);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await jobs?.stop();
  await app.close();
  await mail.mailCatcher?.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(
    code === 'EADDRINUSE' ? `Port ${config.port} is already in use: set API_PORT to a free port.` : error,
  );
  await database.close();
  process.exit(1);
}
