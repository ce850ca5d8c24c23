import { Link } from 'react-router';

/** Previous and next links of a paged list with "Page 2 of 5"; nothing when it has one page. */
export function PageLinks({
  label,
  page,
  pages,
  previous,
  next,
  previousText = 'Previous',
  nextText = 'Next',
  testId,
}: {
  label: string;
  page: number;
  pages: number;
  previous: string | null;
  next: string | null;
  previousText?: string;
  nextText?: string;
  testId?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center gap-4">
      {previous ? (
        <Link to={previous} className="button-secondary" rel="prev">
          {previousText}
        </Link>
      ) : null}
      <span data-testid={testId}>
        Page {page} of {pages}
      </span>
      {next ? (
        <Link to={next} className="button-secondary" rel="next">
          {nextText}
        </Link>
      ) : null}
    </nav>
  );
}
