import type { MetaDescriptor } from 'react-router';
import type { ShellPayload } from './shell';

type MatchLike = { id: string; data?: unknown } | undefined;

/** Title "{page} | {site}" (the site alone on the home page) and the description of a page. */
export function pageMeta(
  matches: readonly MatchLike[],
  title: string | null,
  description?: string,
): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root')?.data as ShellPayload | undefined;
  const siteName = root?.siteName ?? 'Drawhouse';
  const fullTitle = title ? `${title} | ${siteName}` : siteName;
  const text = description ?? root?.metaDescription ?? '';
  const tags: MetaDescriptor[] = [{ title: fullTitle }, { property: 'og:title', content: fullTitle }];
  if (text) tags.push({ name: 'description', content: text }, { property: 'og:description', content: text });
  return tags;
}
