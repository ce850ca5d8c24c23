/**
 * What an operator command is: a name (`withdrawals:approve`), its usage line, the options it takes,
 * and a function from the parsed arguments to an exit code. Commands write their lines through
 * `out` so tests can read them.
 */
import { parseArgs } from 'node:util';
import type { Database } from '@drawhouse/db';

export type OperatorContext = {
  db: Database;
  out: (line: string) => void;
  now: () => Date;
  /** The environment (DRAWHOUSE_OPERATOR_TOKEN): the process's, or a test's. */
  env: Readonly<Record<string, string | undefined>>;
};

export type OptionSpec = Record<string, { type: 'string' | 'boolean' }>;

export type OperatorArgs = {
  positionals: string[];
  values: Record<string, string | boolean | undefined>;
};

export type OperatorCommand = {
  name: string;
  usage: string;
  summary: string;
  options?: OptionSpec;
  run: (ctx: OperatorContext, args: OperatorArgs) => Promise<number>;
};

/** A refusal to run (a missing argument, an unknown id): printed, exit code 1. */
export class OperatorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OperatorError';
  }
}

export function parseCommandArgs(command: OperatorCommand, argv: string[]): OperatorArgs {
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      options: command.options ?? {},
      allowPositionals: true,
      strict: true,
    });
    return { positionals, values: values as OperatorArgs['values'] };
  } catch (error) {
    throw new OperatorError(`${(error as Error).message}\nusage: ${command.usage}`);
  }
}

/** A required positional argument or option, else an OperatorError with the usage line. */
export function required(
  command: OperatorCommand,
  value: string | boolean | undefined,
  what: string,
): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new OperatorError(`missing ${what}\nusage: ${command.usage}`);
  }
  return value.trim();
}
