/**
 * The country (and Australian state) of an IP address, from the fast-geoip package's bundled
 * GeoLite data, read from disk on demand (ADR 078). Private, loopback, link-local and other
 * special-purpose addresses (documentation, benchmarking, multicast) are the shop's own network, so
 * they are Australia; an address the data does not cover is not located.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { AUSTRALIA_CODE } from '@drawhouse/domain';
import geoip from 'fast-geoip';

export type IpLocation = { countryCode: string; state: string | null };

export type IpLocator = { locate(ip: string): Promise<IpLocation | null> };

const LOCAL = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  LOCAL.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  LOCAL.addSubnet(net, prefix, 'ipv6');
}

const AU_STATES = new Set(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']);

/** `::ffff:1.2.3.4` is the IPv4 address it carries. */
function plain(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

export function isLocalAddress(raw: string): boolean {
  const ip = plain(raw.trim());
  if (isIPv4(ip)) return LOCAL.check(ip, 'ipv4');
  if (isIPv6(ip)) return LOCAL.check(ip, 'ipv6');
  return false;
}

export function createIpLocator(): IpLocator {
  return {
    async locate(raw) {
      const ip = plain(raw.trim());
      if (isLocalAddress(ip)) return { countryCode: AUSTRALIA_CODE, state: null };
      // The bundled data covers IPv4 only.
      if (!isIPv4(ip)) return null;
      const found = await geoip.lookup(ip);
      if (!found?.country) return null;
      const state = found.country === AUSTRALIA_CODE && AU_STATES.has(found.region) ? found.region : null;
      return { countryCode: found.country, state };
    },
  };
}
