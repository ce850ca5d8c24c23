/**
 * On the verify page: the way to verify with documents an operator reviews (a photo ID or the signed
 * paper form), with where it stands, linking /my-account/manual-verification.
 */
import type { Verification } from '@drawhouse/contract';
import { MANUAL_VERIFICATION_PATH } from '@drawhouse/domain';
import { Link } from 'react-router';

export function ManualVerificationCard({
  methods,
  isVerified,
}: {
  methods: Verification['methods'];
  isVerified: boolean;
}) {
  const documents = methods.filter((m) => m.type === 'photo_id_upload' || m.type === 'pdf_form');
  if (isVerified || documents.every((m) => m.status === 'disabled')) return null;
  const pending = documents.some((m) => m.status === 'pending');
  return (
    <section
      aria-labelledby="manual-verification-heading"
      className="mt-8 rounded-lg border border-black/15 p-4"
      data-testid="manual-verification-card"
    >
      <h2 id="manual-verification-heading" className="text-xl font-bold">
        Verify with your documents
      </h2>
      {pending ? (
        <p className="mt-1" data-testid="manual-verification-pending">
          Your documents are with our team. We will tell you by email and in your notifications as soon as
          they are reviewed.
        </p>
      ) : (
        <p className="mt-1">
          Upload photos of your passport or driver’s licence and a selfie, or our paper form signed in front
          of a witness. Our team reviews them within 2 business days.
        </p>
      )}
      <p className="mt-2">
        <Link to={MANUAL_VERIFICATION_PATH} className="link" data-testid="manual-verification-link">
          {pending ? 'See what you sent' : 'Upload my documents'}
        </Link>
      </p>
    </section>
  );
}
