/**
 * Experiments: site_config `experiments` names each running experiment and its groups
 * (`{ "homeHero": { "groups": ["A", "B"] } }`). A customer's group in each is fixed by their id, so
 * they see the same group on every device and visit, and the customers split evenly between groups.
 */

export type Experiments = Record<string, readonly string[]>;

const NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** The experiments a stored value names: each with a name and one group or more (anything else is ignored). */
export function parseExperiments(value: unknown): Experiments {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const experiments: Record<string, string[]> = {};
  for (const [name, experiment] of Object.entries(value)) {
    const groups = (experiment as { groups?: unknown } | null)?.groups;
    if (!NAME.test(name) || !Array.isArray(groups)) continue;
    const named = groups.filter((g): g is string => typeof g === 'string' && g !== '' && g.length <= 64);
    if (named.length > 0) experiments[name] = [...new Set(named)];
  }
  return experiments;
}

/** FNV-1a over the text's UTF-16 units: small, fast and spread evenly enough for picking a group. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The customer's group in each experiment, by experiment name. */
export function experimentGroups(customerId: string, experiments: Experiments): Record<string, string> {
  const groups: Record<string, string> = {};
  for (const [name, choices] of Object.entries(experiments)) {
    const group = choices[fnv1a(`${name}:${customerId}`) % choices.length];
    if (group !== undefined) groups[name] = group;
  }
  return groups;
}

/** The region a locale names ("AU" for en-AU), or `fallback` when it names none or is not a locale. */
export function localeRegion(locale: string, fallback: string): string {
  try {
    return new Intl.Locale(locale).region ?? fallback;
  } catch {
    return fallback;
  }
}
