import type { Verification } from '@drawhouse/contract';
import { VERIFICATION_METHOD_INFO } from '@drawhouse/domain';

const STATUS_TEXT: Record<Verification['methods'][number]['status'], string> = {
  not_attempted: 'Available',
  in_progress: 'Checking your details',
  pending: 'Waiting for our review',
  attempted: 'Tried, not verified',
  disabled: 'Not available yet',
};

/** The verification methods in the order they are offered: what each needs and how long it takes. */
export function VerificationMethods({ methods }: { methods: Verification['methods'] }) {
  return (
    <ul className="mt-4 grid gap-3" data-testid="verification-methods">
      {methods.map((method) => {
        const info = VERIFICATION_METHOD_INFO[method.type];
        return (
          <li
            key={method.type}
            className={`rounded-lg border border-black/15 p-4 ${method.status === 'disabled' ? 'opacity-70' : ''}`}
            data-testid={`verification-method-${method.type}`}
          >
            <h3 className="font-bold">{info.title}</h3>
            <p className="mt-1">{info.needs}</p>
            <p className="mt-1 text-sm">
              <span className="font-semibold">Takes:</span> {info.takes}
            </p>
            <p className="mt-1 text-sm">
              <span className="font-semibold">Status:</span>{' '}
              {method.status === 'disabled' && info.notOffered ? info.notOffered : STATUS_TEXT[method.status]}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
