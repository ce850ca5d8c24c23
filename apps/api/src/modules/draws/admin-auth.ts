/**
 * Operators and their API tokens. `operator:create <name>` makes an operator and shows its token
 * once: `{id}.{secret}`, the secret 32 random bytes; only the secret's argon2id hash is kept. The
 * `/admin` calls take it as `Authorization: Bearer <token>`; an unknown or wrong token is 401, and
 * costs as much time as a right one (a dummy hash is checked when the id is unknown).
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '@drawhouse/db';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { signInHook } from '../../http/sign-in.ts';
import { hashPassword, verifyDummyPassword, verifyPassword } from '../accounts/index.ts';
import { operatorsRepository } from './operators.repository.ts';
import { DEMO_OPERATOR } from './result-draws.service.ts';

const OPERATOR_NAME = /^[a-z0-9][a-z0-9._-]{0,39}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type Operator = { id: string; name: string };

export async function createOperator(
  db: Database,
  name: string,
): Promise<{ operator: Operator; token: string }> {
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
  const secret = randomBytes(32).toString('base64url');
  const id = await operatorsRepository(db).insertOperator(name, await hashPassword(secret));
  if (!id) throw new AppError(409, 'operator_exists', `An operator called ${name} exists already.`);
  return { operator: { id, name }, token: `${id}.${secret}` };
}

/** The operator a token names, or undefined for a token that is unknown, wrong or disabled. */
export async function operatorOfToken(db: Database, token: string): Promise<Operator | undefined> {
  const [id, secret] = token.split('.', 2);
  if (!id || !secret || !UUID.test(id)) {
    await verifyDummyPassword(token);
    return undefined;
  }
  const row = await operatorsRepository(db).operatorById(id);
  if (!row) {
    await verifyDummyPassword(secret);
    return undefined;
  }
  const valid = await verifyPassword(row.tokenHash, secret);
  return valid && !row.disabledAt ? { id: row.id, name: row.name } : undefined;
}

const operatorKey = Symbol('operator');
type WithOperator = FastifyRequest & { [operatorKey]?: Operator };

/** The preValidation hook of the /admin calls: a valid operator token, else 401. */
export function operatorAuth(db: Database) {
  return signInHook(async (request: FastifyRequest) => {
    const auth = request.headers.authorization;
    const token = typeof auth === 'string' && auth.startsWith('Bearer ') ? auth.slice(7).trim() : '';
    const operator = token ? await operatorOfToken(db, token) : undefined;
    if (!operator) {
      throw new AppError(401, 'unauthorised', 'An operator token is needed: Authorization: Bearer <token>.');
    }
    (request as WithOperator)[operatorKey] = operator;
  }, 'required');
}

export function signedInOperator(request: FastifyRequest): Operator {
  const operator = (request as WithOperator)[operatorKey];
  if (!operator) throw new AppError(401, 'unauthorised', 'An operator token is needed.');
  return operator;
}
