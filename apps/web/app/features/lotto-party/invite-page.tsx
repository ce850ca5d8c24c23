import { Link, useFetcher } from 'react-router';
import type { LottoPartyActionResult } from './lotto-party-actions.server';
import type { SessionView } from './lotto-party-view';
import { SessionCard } from './session-card';

export const INVITE_NOT_FOUND = 'This invite link is not one we know. Ask your friend for a new link.';
export const INVITE_SPENT =
  'This invite link has been used up or has expired. Ask your friend for a new link.';

type InviteData =
  | { state: 'signed-out'; loginHref: string }
  | { state: 'invite_not_found' | 'invite_spent' }
  | {
      state: 'found';
      token: string | undefined;
      invite: {
        groupId: string;
        groupName: string;
        ownerName: string;
        memberCount: number;
        isMember: boolean;
        openSession: SessionView | null;
      };
    };

/** The invite page in each of its states: signed out, unknown or spent link, the group to join. */
export function InvitePage({ page }: { page: InviteData }) {
  return (
    <div className="container-page max-w-2xl py-8" data-testid="lotto-party-invite">
      <h1 className="text-3xl font-extrabold">
        {page.state === 'found' ? `Join ${page.invite.groupName}` : 'Join a Lotto Party'}
      </h1>
      {page.state === 'signed-out' ? (
        <>
          <p className="mt-3">
            You have been invited to a Lotto Party group. Sign in or join Drawhouse to see it.
          </p>
          <p className="mt-4">
            <Link to={page.loginHref} className="button-primary">
              Sign in to join
            </Link>
          </p>
        </>
      ) : page.state === 'found' ? (
        <FoundInvite token={page.token ?? ''} invite={page.invite} />
      ) : (
        <p role="alert" className="mt-3 font-semibold">
          {page.state === 'invite_spent' ? INVITE_SPENT : INVITE_NOT_FOUND}
        </p>
      )}
    </div>
  );
}

function FoundInvite({
  token,
  invite,
}: {
  token: string;
  invite: Extract<InviteData, { state: 'found' }>['invite'];
}) {
  const fetcher = useFetcher<LottoPartyActionResult>();
  const failed =
    fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data.errors : undefined;
  return (
    <>
      <p className="mt-3">
        {invite.ownerName} started this group; it has {invite.memberCount}{' '}
        {invite.memberCount === 1 ? 'member' : 'members'}.
      </p>
      {invite.isMember ? (
        <p className="mt-4 font-semibold" data-testid="lotto-party-joined">
          You are a member of {invite.groupName}.{' '}
          <Link to={`/my-account/lotto-party/group/${encodeURIComponent(invite.groupId)}`} className="link">
            Go to the group
          </Link>
        </p>
      ) : (
        <fetcher.Form method="post" action="/lotto-party/action" className="mt-4">
          <input type="hidden" name="intent" value="join" />
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="button-primary" disabled={fetcher.state !== 'idle'}>
            Join {invite.groupName}
          </button>
          {failed ? (
            <p role="alert" className="mt-2 font-semibold text-red-700">
              {failed.general ?? 'Something went wrong'}
            </p>
          ) : null}
        </fetcher.Form>
      )}
      {invite.openSession ? (
        <section aria-labelledby="invite-session-title" className="mt-6">
          <h2 id="invite-session-title" className="text-xl font-bold">
            Open session
          </h2>
          <ul className="mt-3 grid gap-4">
            <SessionCard session={invite.openSession} buy={invite.isMember} />
          </ul>
        </section>
      ) : null}
    </>
  );
}
