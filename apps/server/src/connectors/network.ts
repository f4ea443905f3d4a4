// Where a user's connection may go. Loopback, private, link-local and other internal addresses are refused unless an
// administrator allows them (ATLAS_ALLOWED_CONNECTION_HOSTS): otherwise any maker could reach the server's own network
// (a local PostgreSQL that trusts local users, cloud metadata). The host name is resolved once, every address is
// checked, and the driver then connects to the checked address, so a second DNS answer cannot point elsewhere.
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { AppStatusCode } from '@atlas/domain';
import { AppError } from '../http/errors.js';

const INTERNAL_SUBNETS: Array<[string, number, 'ipv4' | 'ipv6']> = [
  ['0.0.0.0', 8, 'ipv4'], // "this network", 0.0.0.0 reaches the host itself
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['224.0.0.0', 3, 'ipv4'], // multicast, reserved, broadcast
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['::', 96, 'ipv6'], // IPv4-compatible
  ['64:ff9b::', 96, 'ipv6'], // NAT64: may reach any IPv4 address, internal ones included
  ['fc00::', 7, 'ipv6'], // unique local
  ['fe80::', 10, 'ipv6'], // link-local
  ['ff00::', 8, 'ipv6'], // multicast
];

// BlockList checks an IPv4-mapped IPv6 address (::ffff:127.0.0.1) as the IPv4 address it maps, so needs no rule of its own.
const internal = new BlockList();
for (const [network, prefix, family] of INTERNAL_SUBNETS) internal.addSubnet(network, prefix, family);

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');
/** Lower case, without IPv6 brackets or a trailing dot, so that spellings of one host compare equal. */
export const normalHost = (host: string) => host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');

/** ATLAS_ALLOWED_CONNECTION_HOSTS parsed: host names as typed in a connection, and IP addresses or CIDR ranges. */
export interface AllowedHosts {
  names: ReadonlySet<string>;
  addresses: BlockList;
}

/** Parses the administrator's entries; throws on one that is neither a host name, an IP address nor a CIDR range. */
export function allowedHosts(entries: readonly string[]): AllowedHosts {
  const names = new Set<string>();
  const addresses = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix, extra] = normalHost(entry).split('/');
    const family = familyOf(address);
    if (isIP(address) && prefix === undefined) addresses.addAddress(address, family);
    else if (isIP(address) && extra === undefined && /^\d{1,3}$/.test(prefix!) && Number(prefix) <= (family === 'ipv6' ? 128 : 32)) {
      addresses.addSubnet(address, Number(prefix), family);
    } else if (prefix === undefined && /^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(address)) names.add(address);
    else throw new Error(`ATLAS_ALLOWED_CONNECTION_HOSTS: "${entry}" is not a host name, an IP address or a CIDR range`);
  }
  return { names, addresses };
}

/**
 * The one answer for every connection that does not get through: a refused address, an unknown host, a closed port and
 * a timeout look alike, so that connection tests cannot map the server's network.
 */
export const unreachable = () =>
  new AppError(
    422,
    'Could not connect to the database',
    AppStatusCode.InvalidInput,
    'The server did not answer or refused the connection, or its address is not allowed (ATLAS_ALLOWED_CONNECTION_HOSTS)',
  );

/** The address to connect to for `host`: every address it resolves to must be public or allowed. */
export async function connectableAddress(host: string, allowed: readonly string[]): Promise<string> {
  const name = normalHost(host);
  const { names, addresses } = allowedHosts(allowed);
  let resolved: Array<{ address: string }>;
  try {
    resolved = await lookup(name, { all: true, order: 'ipv4first' });
  } catch {
    throw unreachable();
  }
  const refused = ({ address }: { address: string }) => {
    const family = familyOf(address);
    return internal.check(address, family) && !addresses.check(address, family);
  };
  if (resolved.length === 0 || (!names.has(name) && resolved.some(refused))) throw unreachable();
  return resolved[0]!.address;
}

/** Resolves each host a client dials through connectableAddress, so sockets go to checked addresses. */
function checkedLookup(allowedHosts: readonly string[]): LookupFunction {
  return (hostname, options, callback) => {
    connectableAddress(hostname, allowedHosts).then(
      (address) => {
        const family = isIP(address);
        if (options.all) (callback as (error: null, addresses: Array<{ address: string; family: number }>) => void)(null, [{ address, family }]);
        else callback(null, address, family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}

/**
 * The agent, made to check a host written as an IP address too: Node dials those without asking the agent's lookup
 * (a URL a server answers with may name one, as Snowflake's result chunk URLs do).
 */
function checkingAddresses<A extends http.Agent>(agent: A, allowedHosts: readonly string[]): A {
  const create = agent.createConnection.bind(agent);
  agent.createConnection = (options, callback) => {
    const host = normalHost(String(options.host ?? options.hostname ?? ''));
    if (!isIP(host)) return create(options, callback);
    connectableAddress(host, allowedHosts).then(
      () => callback?.(null, create(options)!),
      (error: Error) => callback?.(error, undefined as never),
    );
    return undefined;
  };
  return agent;
}

/** HTTP agents for a driver's own client (AWS SDK, snowflake-sdk) that dial only checked addresses, named or not. */
export function checkedAgents(allowedHosts: readonly string[]): { httpAgent: http.Agent; httpsAgent: https.Agent } {
  const lookup = checkedLookup(allowedHosts);
  return { httpAgent: checkingAddresses(new http.Agent({ lookup }), allowedHosts), httpsAgent: checkingAddresses(new https.Agent({ lookup }), allowedHosts) };
}
