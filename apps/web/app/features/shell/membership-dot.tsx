import { MEMBERSHIP_PROGRAM_URL } from '@drawhouse/domain';

/** The programme's page, whose navigation item carries the dot. */
export const MEMBERSHIP_PATH = `/${MEMBERSHIP_PROGRAM_URL}`;

/** The Daily Winners item's dot: something new for this visitor in the programme. */
export function MembershipDot({ label = 'something new for you' }: { label?: string }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="ml-1.5 inline-block h-2.5 w-2.5 rounded-full bg-accent align-super"
        data-testid="membership-dot"
      />
      <span className="sr-only"> ({label})</span>
    </>
  );
}
