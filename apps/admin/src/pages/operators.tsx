/**
 * `/operators` (admin): the operators with their roles and state, the invitations not yet accepted,
 * inviting by email with roles, changing an operator's roles, disabling or enabling them and ending
 * their sessions. Each change is the API's (and audited there); its refusal is shown as it says.
 */
import {
  OPERATOR_ROLES,
  type OperatorList,
  OperatorListSchema,
  type OperatorRole,
  OperatorSchema,
  type OperatorView,
  PendingInvitationSchema,
  RevokedSessionsSchema,
} from '@drawhouse/contract';
import { useEffect, useId, useRef } from 'react';
import {
  type ActionFunctionArgs,
  Form,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigation,
} from 'react-router';
import { adminCall } from '../lib/api';
import { type ActionResult, refusal, text } from '../lib/forms';
import { useSession } from '../lib/session';
import type { AdminPage } from '../page';
import { ErrorSummary, Field, formatTime, Notice, PageTitle, TableHead } from '../ui';

const ROLE_HINTS: Record<OperatorRole, string> = {
  results: 'close draws, enter results',
  finance: 'withdrawals, deposits, held prizes',
  support: 'customers, verification',
  content: 'pages, banners, promo codes, raffles',
  admin: 'operators, the audit log',
};

function rolesOf(form: FormData): OperatorRole[] {
  const picked = new Set(form.getAll('roles'));
  return OPERATOR_ROLES.filter((role) => picked.has(role));
}

async function operatorsLoader() {
  return adminCall(OperatorListSchema, 'GET', '/operators');
}

async function operatorsAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const intent = text(form, 'intent');
  const id = encodeURIComponent(text(form, 'id'));
  try {
    if (intent === 'invite') {
      const email = text(form, 'email');
      const roles = rolesOf(form);
      if (roles.length === 0) {
        const error = 'Choose at least one role.';
        return { intent, error, fieldErrors: { roles: [error] } };
      }
      await adminCall(PendingInvitationSchema, 'POST', '/operators/invitations', { body: { email, roles } });
      return { intent, notice: `An invitation was mailed to ${email}.` };
    }
    if (intent === 'roles') {
      const updated = await adminCall(OperatorSchema, 'PATCH', `/operators/${id}`, {
        body: { roles: rolesOf(form) },
      });
      return { intent, notice: `${updated.name} now has the roles ${updated.roles.join(', ') || 'none'}.` };
    }
    if (intent === 'disable' || intent === 'enable') {
      const disabled = intent === 'disable';
      const updated = await adminCall(OperatorSchema, 'PATCH', `/operators/${id}`, { body: { disabled } });
      return { intent, notice: `${updated.name} is ${disabled ? 'disabled' : 'enabled'}.` };
    }
    if (intent === 'end-sessions') {
      const { revoked } = await adminCall(RevokedSessionsSchema, 'DELETE', `/operators/${id}/sessions`);
      return { intent, notice: `${revoked} session${revoked === 1 ? '' : 's'} ended.` };
    }
    return { error: 'Unknown action.' };
  } catch (error) {
    return refusal(error, request, intent);
  }
}

function RoleBoxes({
  legend,
  checked,
  errors,
}: {
  legend: string;
  checked?: readonly OperatorRole[];
  errors?: string[];
}) {
  const id = useId();
  return (
    <fieldset className="mb-4" aria-describedby={errors?.length ? `${id}-error` : undefined}>
      <legend className="font-semibold">{legend}</legend>
      {errors?.length ? (
        <p id={`${id}-error`} className="text-sm font-semibold text-red-800">
          {errors.join(' ')}
        </p>
      ) : null}
      <ul className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
        {OPERATOR_ROLES.map((role) => (
          <li key={role}>
            <input
              type="checkbox"
              id={`${id}-${role}`}
              name="roles"
              value={role}
              defaultChecked={checked?.includes(role)}
              className="mr-1"
            />
            <label htmlFor={`${id}-${role}`}>
              {role} <span className="text-sm text-muted">({ROLE_HINTS[role]})</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function InviteForm() {
  const result = useActionData() as ActionResult | undefined;
  const busy = useNavigation().state === 'submitting';
  const form = useRef<HTMLFormElement>(null);
  const mine = result?.intent === 'invite';
  useEffect(() => {
    if (mine && result?.notice) form.current?.reset();
  }, [mine, result]);
  return (
    <section aria-labelledby="invite" className="mb-8">
      <h2 id="invite" className="mb-2 text-xl font-semibold">
        Invite an operator
      </h2>
      <ErrorSummary
        message={mine ? result?.error : undefined}
        signInAgain={mine ? result?.signInAgain : undefined}
      />
      <Notice message={mine ? result?.notice : undefined} />
      <Form method="post" ref={form}>
        <input type="hidden" name="intent" value="invite" />
        <Field
          label="Email"
          name="email"
          type="email"
          required
          maxLength={254}
          errors={mine ? result?.fieldErrors?.email : undefined}
        />
        <RoleBoxes legend="Roles" errors={mine ? result?.fieldErrors?.roles : undefined} />
        <button type="submit" className="button-primary" disabled={busy}>
          Send the invitation
        </button>
      </Form>
    </section>
  );
}

function OperatorRow({ operator, isMe }: { operator: OperatorView; isMe: boolean }) {
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== 'idle';
  return (
    <tr className="border-t border-muted align-top">
      <th scope="row" className="py-2 pr-4 text-left">
        {operator.name}
        {isMe ? <span className="text-sm text-muted"> (you)</span> : null}
      </th>
      <td className="py-2 pr-4">{operator.email ?? '—'}</td>
      <td className="py-2 pr-4">{operator.roles.join(', ') || 'none'}</td>
      <td className="py-2 pr-4">
        {operator.disabled ? 'disabled' : operator.locked ? 'locked' : 'active'}
        <br />
        <span className="text-sm text-muted">last sign-in {formatTime(operator.lastSignInAt)}</span>
      </td>
      <td className="py-2">
        <details>
          <summary className="cursor-pointer link">Change {operator.name}</summary>
          <div className="mt-2">
            <ErrorSummary message={fetcher.data?.error} signInAgain={fetcher.data?.signInAgain} />
            <Notice message={fetcher.data?.notice} />
            <fetcher.Form method="post">
              <input type="hidden" name="id" value={operator.id} />
              <RoleBoxes legend={`Roles of ${operator.name}`} checked={operator.roles} />
              <button
                type="submit"
                name="intent"
                value="roles"
                className="button-secondary mb-2"
                disabled={busy}
              >
                Save roles
              </button>
            </fetcher.Form>
            <div className="flex flex-wrap gap-2">
              <fetcher.Form method="post">
                <input type="hidden" name="id" value={operator.id} />
                <button
                  type="submit"
                  name="intent"
                  value={operator.disabled ? 'enable' : 'disable'}
                  className="button-secondary"
                  disabled={busy}
                >
                  {operator.disabled ? `Enable ${operator.name}` : `Disable ${operator.name}`}
                </button>
              </fetcher.Form>
              <fetcher.Form method="post">
                <input type="hidden" name="id" value={operator.id} />
                <button
                  type="submit"
                  name="intent"
                  value="end-sessions"
                  className="button-secondary"
                  disabled={busy}
                >
                  End {operator.name}'s sessions
                </button>
              </fetcher.Form>
            </div>
          </div>
        </details>
      </td>
    </tr>
  );
}

function OperatorsPage() {
  const list = useLoaderData() as OperatorList;
  const session = useSession();
  return (
    <>
      <PageTitle>Operators</PageTitle>
      <InviteForm />
      <section aria-labelledby="operators" className="mb-8">
        <h2 id="operators" className="mb-2 text-xl font-semibold">
          Operators
        </h2>
        <div className="overflow-x-auto">
          <table className="w-full text-left">
            <TableHead columns={['Name', 'Email', 'Roles', 'State', 'Change']} />
            <tbody>
              {list.operators.map((operator) => (
                <OperatorRow
                  key={operator.id}
                  operator={operator}
                  isMe={operator.id === session.operator.id}
                />
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="invitations">
        <h2 id="invitations" className="mb-2 text-xl font-semibold">
          Invitations not yet accepted
        </h2>
        {list.invitations.length === 0 ? (
          <p>None.</p>
        ) : (
          <table className="w-full text-left">
            <TableHead columns={['Email', 'Roles', 'Expires']} />
            <tbody>
              {list.invitations.map((invitation) => (
                <tr key={invitation.id} className="border-t border-muted">
                  <td className="py-2 pr-4">{invitation.email}</td>
                  <td className="py-2 pr-4">{invitation.roles.join(', ')}</td>
                  <td className="py-2">{formatTime(invitation.expiresAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}

export const operatorsPage: AdminPage = {
  path: '/operators',
  label: 'Operators',
  role: 'admin',
  loader: operatorsLoader,
  action: operatorsAction,
  Component: OperatorsPage,
};
