export type Service = { name: string; basePath: string; versions: string[]; defaultVersion: string };

const mainVersions = Array.from({ length: 10 }, (_, i) => `3.${i}`);

export const SERVICES: readonly Service[] = [
  { name: 'main', basePath: '/v2', versions: mainVersions, defaultVersion: '3.0' },
  { name: 'cms', basePath: '/cms', versions: ['1.0'], defaultVersion: '1.0' },
  { name: 'customer-verify', basePath: '/customer-verify', versions: ['1.0'], defaultVersion: '1.0' },
  { name: 'rewards', basePath: '/rewards', versions: ['1.0', '3.2'], defaultVersion: '1.0' },
  { name: 'social', basePath: '/social/v3', versions: ['3.0'], defaultVersion: '3.0' },
];

/** Each service with the prefixes of its addresses, made once (this runs on every request). */
const PREFIXED = SERVICES.map((service) => ({
  service,
  path: `${service.basePath}/`,
  query: `${service.basePath}?`,
}));

export function serviceForPath(url: string): Service | undefined {
  for (const { service, path, query } of PREFIXED) {
    if (url.startsWith(path) || url === service.basePath || url.startsWith(query)) return service;
  }
  return undefined;
}

/** Versions compare as major.minor numbers: "3.10" would sort after "3.9". */
export function compareVersions(a: string, b: string): number {
  const [am = 0, an = 0] = a.split('.').map(Number);
  const [bm = 0, bn = 0] = b.split('.').map(Number);
  return am - bm || an - bn;
}

export function describeVersions(service: Service): string {
  const v = service.versions;
  return v.length > 2 ? `${v[0]} to ${v[v.length - 1]}` : v.join(', ');
}
