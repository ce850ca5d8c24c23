/** Runs one operator command line against a database: the CLI's core, which tests call directly. */
import type { Database } from '@drawhouse/db';
import { AppError } from '../http/errors.ts';
import { type OperatorCommand, OperatorError, parseCommandArgs } from './command.ts';
import { OPERATOR_COMMANDS } from './registry.ts';

export function helpText(commands: readonly OperatorCommand[] = OPERATOR_COMMANDS): string {
  const lines = commands.map((c) => `  ${c.usage}\n      ${c.summary}`);
  return `usage: npm run operator -- <command> [args]\n\ncommands:\n${lines.join('\n')}`;
}

export function findCommand(name: string | undefined, commands = OPERATOR_COMMANDS) {
  return commands.find((c) => c.name === name);
}

/**
 * Runs `argv` (the command name, then its arguments) and answers the exit code: 0 done, 1 refused or
 * a check failed, 2 unknown command. Lines go to `out`, problems to `err`.
 */
export async function runOperator(
  argv: string[],
  ctx: {
    db: Database;
    out?: (line: string) => void;
    err?: (line: string) => void;
    now?: () => Date;
    env?: Readonly<Record<string, string | undefined>>;
  },
  commands: readonly OperatorCommand[] = OPERATOR_COMMANDS,
): Promise<number> {
  const out = ctx.out ?? ((line) => console.log(line));
  const err = ctx.err ?? ((line) => console.error(line));
  const [name, ...rest] = argv;
  const command = findCommand(name, commands);
  if (!command) {
    err(name ? `unknown command ${name}\n\n${helpText(commands)}` : helpText(commands));
    return 2;
  }
  try {
    const args = parseCommandArgs(command, rest);
    return await command.run(
      { db: ctx.db, out, now: ctx.now ?? (() => new Date()), env: ctx.env ?? process.env },
      args,
    );
  } catch (error) {
    if (error instanceof OperatorError || error instanceof AppError) {
      err(`${command.name}: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
