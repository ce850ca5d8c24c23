// npm start: install what is missing, build, then serve the shop (scripts/serve.ts).
import { spawn } from 'node:child_process';
import { ensureDependencies, root, run } from './lib.mjs';

const dev = process.argv.includes('--dev');
ensureDependencies();

if (!dev) {
  const code = await run('npm', ['run', 'build', '--silent']);
  if (code !== 0) process.exit(code);
}

const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts', ...(dev ? ['--dev'] : [])], {
  cwd: root,
  stdio: 'inherit',
  // The demo shows the mail it catches at /dev/mailbox (API and shop); DEV_MAILBOX=0 hides it.
  env: { ...process.env, DEV_MAILBOX: process.env.DEV_MAILBOX ?? '1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code) => process.exit(code ?? 0));
