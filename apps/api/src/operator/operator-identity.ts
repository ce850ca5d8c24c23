/**
 * Who runs an operator command that acts as an operator (enters results or prizes, releases prizes,
 * decides withdrawals): the operator whose token is given with `--token`, or in the environment as
 * DRAWHOUSE_OPERATOR_TOKEN (the token `operator:create` printed, the one /admin takes). A name is
 * never taken on trust.
 */
import { type Operator, operatorOfToken } from '../modules/operators/index.ts';
import { type OperatorArgs, type OperatorContext, OperatorError } from './command.ts';

export const TOKEN_ENV = 'DRAWHOUSE_OPERATOR_TOKEN';

/** The option every acting command takes. */
export const TOKEN_OPTION = { token: { type: 'string' as const } };

export async function actingOperator(ctx: OperatorContext, args: OperatorArgs): Promise<Operator> {
  const given = typeof args.values.token === 'string' ? args.values.token : ctx.env[TOKEN_ENV];
  const token = given?.trim();
  if (!token) {
    throw new OperatorError(
      `this command acts as an operator: set ${TOKEN_ENV} to your operator token (or pass --token <token>); operator:create <name> prints one`,
    );
  }
  const operator = await operatorOfToken(ctx.db, token);
  if (!operator)
    throw new OperatorError('the operator token is unknown, wrong or disabled: nothing was changed');
  return operator;
}
