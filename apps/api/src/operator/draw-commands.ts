/**
 * What the draw commands share: the engine on the CLI's database (what follows a move, mail among
 * it, is written to the outbox and delivered by the jobs), a draw's offer and number from the arguments, number lists and prizes as an
 * operator types them, and refusals printed field by field.
 */

import type { OperatorRole } from '@drawhouse/contract';
import type { Database } from '@drawhouse/db';
import { moneyToCents } from '@drawhouse/domain';
import { loadConfig } from '../config.ts';
import { AppError } from '../http/errors.ts';
import { createDrawEngine, type DrawEngine, type EntryOutcome } from '../modules/draws/index.ts';
import type { Operator } from '../modules/operators/index.ts';
import { type OperatorArgs, type OperatorCommand, OperatorError, required } from './command.ts';

export function cliDrawEngine(db: Database, now: () => Date): DrawEngine {
  const config = loadConfig();
  return createDrawEngine({ db, now, config: config.draws });
}

/** An acting operator without the role a draw command needs is refused, nothing changed. */
export function requireRole(operator: Operator, role: OperatorRole, refused: string): void {
  if (!operator.roles.includes(role)) {
    throw new OperatorError(`${operator.name} does not have the ${role} role: ${refused}`);
  }
}

export function drawArgs(command: OperatorCommand, args: OperatorArgs): { offer: string; drawNo: number } {
  const offer = required(command, args.positionals[0], 'the offer (e.g. powerball)');
  const raw = required(command, args.positionals[1], 'the draw number');
  const drawNo = Number(raw);
  if (!Number.isSafeInteger(drawNo) || drawNo < 0) {
    throw new OperatorError(`the draw number must be a whole number, got ${raw}\nusage: ${command.usage}`);
  }
  return { offer, drawNo };
}

/** "1,2, 3" -> [1, 2, 3]; a word that is not a number is kept as NaN for the game's check to name. */
export function numberList(value: string | boolean | undefined): number[] | undefined {
  if (typeof value !== 'string') return undefined;
  return value
    .split(/[\s,]+/)
    .filter((part) => part !== '')
    .map((part) => (/^-?\d+$/.test(part) ? Number(part) : Number.NaN));
}

/** "1=1000000,2=12345.60": dollars per winning game by division, to cents. */
export function prizeList(value: string | boolean | undefined): Record<string, number> | undefined {
  if (typeof value !== 'string') return undefined;
  const prizes: Record<string, number> = {};
  for (const part of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [division, amount] = part.split('=').map((s) => s.trim());
    if (!division || !amount || !/^\d+(\.\d{1,2})?$/.test(amount)) {
      throw new OperatorError(
        `--prizes takes division=dollars pairs, e.g. 1=1000000,2=12345.60; got "${part}"`,
      );
    }
    prizes[division] = moneyToCents({ amount: Number(amount), currency: 'AUD' });
  }
  return prizes;
}

/** Runs `work`; a refusal with field errors is printed field by field before it fails the command. */
export async function withFieldErrors<T>(out: (line: string) => void, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.errors) {
      for (const [field, problems] of Object.entries(error.errors)) {
        for (const p of problems) out(`  ${field}: ${p.message}`);
      }
    }
    throw error;
  }
}

/**
 * What an entry did, in the operator's words (blind: never what differed), and the command's exit
 * code: 1 when it voided the pair.
 */
export function entryOutcomeLines(
  out: (line: string) => void,
  outcome: EntryOutcome,
  what: 'results' | 'prizes',
): number {
  const { entry } = outcome;
  const name = `draw ${outcome.draw.draw.drawNo} of ${outcome.draw.offer.name}`;
  if (outcome.published) {
    out(`entry ${entry.id} by ${entry.operator} matches: the ${what} of ${name} are published`);
    return 0;
  }
  if (entry.status === 'void') {
    out(
      `entry ${entry.id} by ${entry.operator} does not match the waiting entry: both are void, nothing is published`,
    );
    out(`the next entry must come from an operator other than ${outcome.voidedOperators.join(' and ')}`);
    return 1;
  }
  out(
    `entry ${entry.id} by ${entry.operator} recorded: the ${what} of ${name} wait for a second operator's entry`,
  );
  return 0;
}
