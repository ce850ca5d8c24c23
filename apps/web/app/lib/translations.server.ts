/**
 * The API's translations (GET /cms/{locale}/items) for the site's locale, one page-scoped key group
 * (the translations' category: `errors`, `footer`, `support`, `seo` ...) at a time. A group is kept
 * here for its lifetime (a day for the SEO, navigation and components groups, a minute for the
 * others; `?clear_cache` drops them). The groups asked for within a millisecond of each other (the
 * root loader's and the page's) are fetched in one request. A group that cannot be loaded is empty
 * for this page, so the page shows its default wording.
 */
import { type Translation, TranslationsSchema } from '@drawhouse/contract';
import { type ApiCaller, ApiError, api } from './api.server';
import { loadSite } from './site.server';
import { TtlCache } from './ttl-cache';
import { publicCallerOf, type Visitor } from './visitor.server';

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;

/** Groups that change only with a release: kept a day. */
const DAY_GROUPS = new Set(['seo', 'navigation', 'components']);

export function groupLifetimeMs(group: string): number {
  return DAY_GROUPS.has(group) ? 24 * HOUR : 60 * SECOND;
}

/** How long a requested group waits for others to share its request. */
export const BATCH_DELAY_MS = 1;

/** One group's values by translation id. */
export type TranslationGroup = ReadonlyMap<string, string>;

export type Translations = {
  locale: string;
  /** The groups in the order asked for; each keeps its identity while its values stay the same. */
  groups: readonly TranslationGroup[];
  /** The translation of `id`, or `fallback` when the locale has none (or an empty one). */
  t(id: string, fallback: string): string;
  /** The translation of `id`, or undefined. */
  get(id: string): string | undefined;
};

export function translationsOf(locale: string, groups: readonly TranslationGroup[]): Translations {
  const get = (id: string) => {
    for (const group of groups) {
      const value = group.get(id);
      if (value !== undefined && value.trim() !== '') return value;
    }
    return undefined;
  };
  return { locale, groups, get, t: (id, fallback) => get(id) ?? fallback };
}

/** True when both hold the same groups (by identity): what was built from one serves the other. */
export function sameTranslations(a: Translations, b: Translations): boolean {
  return (
    a.locale === b.locale &&
    a.groups.length === b.groups.length &&
    a.groups.every((g, i) => g === b.groups[i])
  );
}

function sameGroup(a: TranslationGroup, b: TranslationGroup): boolean {
  if (a.size !== b.size) return false;
  for (const [id, value] of a) if (b.get(id) !== value) return false;
  return true;
}

/** Fetches the translations of some groups of a locale in one request. */
export type FetchGroups = (
  locale: string,
  groups: readonly string[],
  caller: ApiCaller,
) => Promise<Translation[]>;

type Waiting = {
  caller: ApiCaller;
  groups: Map<string, { resolve: (g: TranslationGroup) => void; reject: (e: unknown) => void }[]>;
};

export function createTranslationLoader(
  fetchGroups: FetchGroups,
  options: { delayMs?: number; now?: () => number } = {},
) {
  const delayMs = options.delayMs ?? BATCH_DELAY_MS;
  const cache = new TtlCache({ now: options.now });
  const waiting = new Map<string, Waiting>();

  async function flush(locale: string): Promise<void> {
    const batch = waiting.get(locale);
    waiting.delete(locale);
    if (!batch) return;
    const names = [...batch.groups.keys()];
    try {
      const rows = await fetchGroups(locale, names, batch.caller);
      for (const name of names) {
        const group = new Map(rows.filter((r) => r.category === name).map((r) => [r.id, r.value]));
        for (const waiter of batch.groups.get(name) ?? []) waiter.resolve(group);
      }
    } catch (error) {
      for (const waiters of batch.groups.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }

  function fetchGroup(locale: string, name: string, caller: ApiCaller): Promise<TranslationGroup> {
    return new Promise((resolve, reject) => {
      let batch = waiting.get(locale);
      if (!batch) {
        batch = { caller, groups: new Map() };
        waiting.set(locale, batch);
        setTimeout(() => void flush(locale), delayMs);
      }
      const waiters = batch.groups.get(name) ?? [];
      waiters.push({ resolve, reject });
      batch.groups.set(name, waiters);
    });
  }

  const EMPTY: TranslationGroup = new Map();

  async function group(locale: string, name: string, caller: ApiCaller): Promise<TranslationGroup> {
    try {
      return await cache.getOrLoad<TranslationGroup>(
        `${locale} ${name}`,
        groupLifetimeMs(name),
        async (previous) => {
          const fresh = await fetchGroup(locale, name, caller);
          // An unchanged group keeps its identity, so pages built from it are reused.
          return previous && sameGroup(previous, fresh) ? previous : fresh;
        },
      );
    } catch {
      return EMPTY;
    }
  }

  return {
    async load(locale: string, names: readonly string[], caller: ApiCaller = {}): Promise<Translations> {
      const groups = await Promise.all([...new Set(names)].map((name) => group(locale, name, caller)));
      return translationsOf(locale, groups);
    },
    clear(): void {
      cache.clear();
    },
  };
}

/** The API's items of the groups: none for a locale it has no translations for. */
export const fetchFromApi: FetchGroups = async (locale, groups, caller) => {
  const query = groups.map((g) => `c[]=${encodeURIComponent(g)}`).join('&');
  try {
    const { items } = await api.get(
      TranslationsSchema,
      'cms',
      `/${encodeURIComponent(locale)}/items?${query}`,
      {
        caller,
        // Kept here by group, for the group's lifetime.
        cacheMs: 0,
      },
    );
    return items;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
};

const loader = createTranslationLoader(fetchFromApi);
const cleared = new WeakSet<Visitor>();

/** The groups' translations in the locale of the visitor's site. */
export async function loadTranslations(visitor: Visitor, groups: readonly string[]): Promise<Translations> {
  if (visitor.clearCache && !cleared.has(visitor)) {
    cleared.add(visitor);
    loader.clear();
  }
  const site = await loadSite(visitor);
  return loader.load(site.locale, groups, publicCallerOf(visitor));
}
