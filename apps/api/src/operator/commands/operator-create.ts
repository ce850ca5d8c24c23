/**
 * `operator:create <name> [--roles r,...]`: makes an operator for the command line and scripts and
 * prints its API token, once. `operator:create --email <email> [--roles r,...]`: invites a person to
 * the back office (the first admin, typically): the link is mailed and printed here, and the person
 * chooses their name, password and authenticator on accepting. Roles default to all of them.
 */
import { OPERATOR_ROLES, type OperatorRole } from '@drawhouse/contract';
import { loadConfig } from '../../config.ts';
import { createOperator, inviteOperator } from '../../modules/operators/index.ts';
import { type OperatorCommand, OperatorError, required } from '../command.ts';

function rolesOf(value: string | boolean | undefined): OperatorRole[] {
  if (typeof value !== 'string') return [...OPERATOR_ROLES];
  const roles = value
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  const unknown = roles.filter((r) => !(OPERATOR_ROLES as readonly string[]).includes(r));
  if (roles.length === 0 || unknown.length > 0) {
    throw new OperatorError(
      `--roles takes a comma-separated list of ${OPERATOR_ROLES.join(', ')}${unknown.length > 0 ? `; not a role: ${unknown.join(', ')}` : ''}`,
    );
  }
  return roles as OperatorRole[];
}

export const operatorCreate: OperatorCommand = {
  name: 'operator:create',
  usage: 'operator:create <name> [--roles r,...] | operator:create --email <email> [--roles r,...]',
  summary:
    'makes an operator with an API token for the command line (shown once), or with --email invites a person to the back office',
  options: { email: { type: 'string' }, roles: { type: 'string' } },
  async run(ctx, args) {
    const roles = rolesOf(args.values.roles);
    if (typeof args.values.email === 'string') {
      const config = loadConfig(ctx.env);
      const invitation = await inviteOperator(
        { db: ctx.db, now: ctx.now, adminBaseUrl: config.adminBaseUrl },
        undefined,
        args.values.email,
        roles,
      );
      if (args.positionals[0]) ctx.out('(the name is chosen by the person on accepting the invitation)');
      ctx.out(`invitation for ${invitation.email} with roles ${invitation.roles.join(', ')} (mailed too)`);
      ctx.out(`accept it within 72 hours at: ${invitation.acceptUrl}`);
      return 0;
    }
    const name = required(this, args.positionals[0], 'the operator name');
    const { operator, token } = await createOperator(ctx.db, name, roles);
    ctx.out(`operator ${operator.name} made (${operator.id}) with roles ${operator.roles.join(', ')}`);
    ctx.out(`token (shown once; send it as Authorization: Bearer <token> to /admin): ${token}`);
    return 0;
  },
};
