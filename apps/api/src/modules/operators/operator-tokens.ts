/**
 * Operators and their API tokens. `operator:create <name>` makes an operator and shows its token
 * once: `{id}.{secret}`, the secret 32 random bytes; only the secret's argon2id hash is kept. The
 * `/admin` calls take it as `Authorization: Bearer <token>` (the command line and scripts; people use
 * the back office's session); an unknown or wrong token is 401, and costs as much time as a right
 * one (a dummy hash is checked when the id is unknown).
 */
import { randomBytes } from 'node:crypto';
import { type Database, OPERATOR_ROLES, type OperatorRole } from '@drawhouse/db';
import { AppError } from '../../http/errors.ts';
import { isUuid } from '../../http/ids.ts';
import { hashPassword, verifyDummyPassword, verifyPassword } from '../accounts/index.ts';
import { operatorsRepository } from './operators.repository.ts';

const OPERATOR_NAME = /^[a-z0-9][a-z0-9._-]{0,39}$/;

/** The operator the demo mode enters results as (never a person, never made by operator:create). */
export const DEMO_OPERATOR = 'demo';

export type Operator = { id: string; name: string; roles: readonly OperatorRole[] };

export function checkOperatorName(name: string): void {
  if (!OPERATOR_NAME.test(name)) {
    throw new AppError(
      400,
      'invalid_operator_name',
      'An operator name is 1 to 40 lower-case letters, digits, ".", "_" or "-", starting with a letter or digit.',
    );
  }
  if (name === DEMO_OPERATOR) {
    throw new AppError(409, 'operator_exists', `${DEMO_OPERATOR} is the demo mode's own operator.`);
  }
}

/** A new operator with an API token; `operator:create` gives every role (it is the server's owner). */
export async function createOperator(
  db: Database,
  name: string,
  roles: readonly OperatorRole[] = OPERATOR_ROLES,
): Promise<{ operator: Operator; token: string }> {
  checkOperatorName(name);
  const secret = randomBytes(32).toString('base64url');
  const id = await operatorsRepository(db).insertOperator({
    name,
    tokenHash: await hashPassword(secret),
    roles: [...roles],
  });
  if (!id) throw new AppError(409, 'operator_exists', `An operator called ${name} exists already.`);
  return { operator: { id, name, roles }, token: `${id}.${secret}` };
}

/** The operator a token names, or undefined for a token that is unknown, wrong or disabled. */
export async function operatorOfToken(db: Database, token: string): Promise<Operator | undefined> {
  const [id, secret] = token.split('.', 2);
  if (!id || !secret || !isUuid(id)) {
    await verifyDummyPassword(token);
    return undefined;
  }
  const row = await operatorsRepository(db).operatorById(id);
  if (!row) {
    await verifyDummyPassword(secret);
    return undefined;
  }
  const valid = await verifyPassword(row.tokenHash, secret);
  return valid && !row.disabledAt ? { id: row.id, name: row.name, roles: row.roles } : undefined;
}
