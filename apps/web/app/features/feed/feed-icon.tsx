import { HeaderIcon } from '../../components/header-icon';
import type { FeedIcon as FeedIconName } from './feed-view';

const PATHS: Record<FeedIconName, string[]> = {
  trophy: [
    'M8 4h8v5a4 4 0 0 1-8 0V4z',
    'M8 6H5a3 3 0 0 0 3 4',
    'M16 6h3a3 3 0 0 1-3 4',
    'M12 13v4',
    'M8 21h8',
  ],
  ticket: ['M4 7h16v3a2 2 0 0 0 0 4v3H4v-3a2 2 0 0 0 0-4V7z', 'M14 7v10'],
  wallet: ['M4 7h15a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4V7z', 'M4 7l11-3v3', 'M16 12h2'],
  bell: ['M6 16V11a6 6 0 0 1 12 0v5l2 2H4l2-2z', 'M10 20a2 2 0 0 0 4 0'],
};

/** A feed icon (decorative: the text beside it says what it is). */
export function FeedIcon({ name }: { name: FeedIconName }) {
  return (
    <HeaderIcon>
      {PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </HeaderIcon>
  );
}
