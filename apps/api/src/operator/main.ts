/**
 * The operator CLI: `npm run operator -- <command> [args]` (see `npm run operator -- help`). Works
 * on DATABASE_URL, else the shop's embedded development database (database.ts).
 */
import { OperatorError } from './command.ts';
import { openOperatorDatabase, reasonOf } from './database.ts';
import { findCommand, helpText, runOperator } from './run.ts';

const argv = process.argv.slice(2);
if (!findCommand(argv[0])) {
  const asked = argv[0] && !['help', '--help', '-h'].includes(argv[0]);
  console.error(asked ? `unknown command ${argv[0]}\n\n${helpText()}` : helpText());
  process.exit(asked ? 2 : 0);
}

let code = 1;
try {
  const database = await openOperatorDatabase();
  try {
    code = await runOperator(argv, { db: database.db });
  } finally {
    await database.close();
  }
} catch (error) {
  // Never exit without a word: an error with no message (a refused connection) is named by its code.
  console.error(error instanceof OperatorError ? error.message : `${argv[0]}: ${reasonOf(error)}`);
  if (!(error instanceof OperatorError) && error instanceof Error && error.stack) console.error(error.stack);
}
process.exit(code);
