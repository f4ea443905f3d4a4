import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { DEMO_SEED, DEMO_VISITS } from '@atlas/analytics';
import { allowedHosts } from './connectors/network.js';
import { parseDsn, type Dsn } from './modules/error-reports/dsn.js';
import type { ConnectionLimits } from './http/connections.js';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** A postgres:// URL selects a real PostgreSQL server; empty means embedded PGlite under dataDir. */
  databaseUrl: string | null;
  redisUrl: string | null;
  demoPassword: string;
  /** Built web app served at /; absent in API-only test runs. */
  webDistDir: string | null;
  logLevel: string;
  version: string;
  /** Size and seed of the synthetic foot-traffic panel the demo organization gets at first start. */
  demoPanel: { visits: number; seed: number };
  /** Queries running longer are interrupted and answer 408. */
  queryTimeoutMs: number;
  /** Whether anyone may create an account (with an organization of their own) at POST /v1/auth/sign-up. */
  allowSignUp: boolean;
  /** Origin clients reach this server at; upload policies point here. */
  publicUrl: string;
  /** Signs upload policies. From SIGNING_SECRET; without it a per-process random secret (policies then die with the process). */
  signingSecret: string;
  /** S3-compatible blob storage when S3_BUCKET is set; credentials come from the AWS SDK's usual environment variables. */
  s3: { bucket: string; region: string; endpoint: string | null; forcePathStyle: boolean } | null;
  /** ATLAS_ALLOWED_CONNECTION_HOSTS: internal hosts (names, IPs, CIDR ranges) data connections may reach; others are refused. */
  allowedConnectionHosts: string[];
  /** Brute-force limits on every password check (sign-in, published items); see docs/api.md. */
  passwordAttempts: PasswordAttemptLimits;
  /** smtp[s]://user:pass@host:port for verification e-mail; without it administrators verify addresses. */
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * TRUST_PROXY: which proxies' X-Forwarded-For to believe for the client address (the per-address limits count it):
   * false (default: the connecting address), true, a number of hops, or proxy addresses and CIDR ranges.
   */
  trustProxy: boolean | number | string;
  /** Timeouts and the per-client connection cap that cut slow clients off; see docs/api.md "Slow clients". */
  connections: ConnectionLimits;
  /** This process among those sharing the database; see docs/deployment.md. */
  cluster: ClusterSettings;
  /** Error reports (docs/error-reports.md): SENTRY_DSN, where the tunnel and user feedback go (null: nowhere). */
  errorReporting: { dsn: Dsn | null; tunnelPerMinute: number };
}

export interface ClusterSettings {
  /** New at every start: loads and files being written belong to it while it beats. */
  instanceId: string;
  heartbeatMs: number;
  /** An instance silent this long is taken for dead: its loads fail and its half-written files go. */
  instanceTimeoutMs: number;
}

export interface PasswordAttemptLimits {
  /** Failures on one account or published item, each within windowMs of the last, before it locks. */
  failures: number;
  /** Failures from one client address before the address locks. */
  addressFailures: number;
  windowMs: number;
  /** The first lock; each further failure doubles it, up to maxLockMs. */
  lockMs: number;
  maxLockMs: number;
  /** Requests per minute from one client address to each password route, failed or not. */
  perMinute: number;
}

const nonEmpty = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : null);

function positiveInteger(value: string | undefined, fallback: number, name: string): number {
  if (nonEmpty(value) === null) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) throw new Error(`${name} must be a positive whole number, got "${value}"`);
  return number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const allowedConnectionHosts = (env.ATLAS_ALLOWED_CONNECTION_HOSTS ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  allowedHosts(allowedConnectionHosts); // a malformed entry stops the start
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    dataDir: path.resolve(nonEmpty(env.DATA_DIR) ?? './data'),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    redisUrl: nonEmpty(env.REDIS_URL),
    demoPassword: nonEmpty(env.DEMO_PASSWORD) ?? 'demo',
    webDistDir: nonEmpty(env.WEB_DIST_DIR) ?? path.resolve(new URL('../../web/dist', import.meta.url).pathname),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    version: nonEmpty(env.npm_package_version) ?? '0.1.0',
    allowSignUp: env.ALLOW_SIGN_UP !== 'false',
    demoPanel: {
      visits: positiveInteger(env.DEMO_VISITS, DEMO_VISITS, 'DEMO_VISITS'),
      seed: positiveInteger(env.DEMO_SEED, DEMO_SEED, 'DEMO_SEED'),
    },
    queryTimeoutMs: positiveInteger(env.QUERY_TIMEOUT_MS, 60_000, 'QUERY_TIMEOUT_MS'),
    publicUrl: (nonEmpty(env.PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    signingSecret: nonEmpty(env.SIGNING_SECRET) ?? randomBytes(32).toString('hex'),
    s3: nonEmpty(env.S3_BUCKET)
      ? {
          bucket: env.S3_BUCKET!.trim(),
          region: nonEmpty(env.S3_REGION) ?? nonEmpty(env.AWS_REGION) ?? 'us-east-1',
          endpoint: nonEmpty(env.S3_ENDPOINT),
          forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
        }
      : null,
    allowedConnectionHosts,
    passwordAttempts: {
      failures: positiveInteger(env.PASSWORD_FAILURES, 5, 'PASSWORD_FAILURES'),
      addressFailures: positiveInteger(env.ADDRESS_PASSWORD_FAILURES, 50, 'ADDRESS_PASSWORD_FAILURES'),
      windowMs: positiveInteger(env.PASSWORD_FAILURE_WINDOW_MINUTES, 15, 'PASSWORD_FAILURE_WINDOW_MINUTES') * 60_000,
      lockMs: positiveInteger(env.PASSWORD_LOCK_SECONDS, 60, 'PASSWORD_LOCK_SECONDS') * 1000,
      maxLockMs: positiveInteger(env.PASSWORD_MAX_LOCK_MINUTES, 60, 'PASSWORD_MAX_LOCK_MINUTES') * 60_000,
      perMinute: positiveInteger(env.PASSWORD_ROUTE_RATE_LIMIT, 120, 'PASSWORD_ROUTE_RATE_LIMIT'),
    },
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? 'Atlas Studio <no-reply@localhost>',
    trustProxy: trustProxyOf(nonEmpty(env.TRUST_PROXY)),
    connections: {
      headersTimeoutMs: positiveInteger(env.HEADERS_TIMEOUT_SECONDS, 10, 'HEADERS_TIMEOUT_SECONDS') * 1000,
      idleTimeoutMs: positiveInteger(env.IDLE_TIMEOUT_SECONDS, 10, 'IDLE_TIMEOUT_SECONDS') * 1000,
      // Above the 60 s idle timeout of common load balancers, so they never reuse a connection this server is closing.
      keepAliveTimeoutMs: positiveInteger(env.KEEP_ALIVE_TIMEOUT_SECONDS, 72, 'KEEP_ALIVE_TIMEOUT_SECONDS') * 1000,
      perClient: positiveInteger(env.MAX_CONNECTIONS_PER_CLIENT, 64, 'MAX_CONNECTIONS_PER_CLIENT'),
    },
    cluster: {
      instanceId: randomUUID(),
      heartbeatMs: positiveInteger(env.INSTANCE_HEARTBEAT_SECONDS, 5, 'INSTANCE_HEARTBEAT_SECONDS') * 1000,
      instanceTimeoutMs: positiveInteger(env.INSTANCE_TIMEOUT_SECONDS, 30, 'INSTANCE_TIMEOUT_SECONDS') * 1000,
    },
    errorReporting: {
      dsn: sentryDsnOf(nonEmpty(env.SENTRY_DSN)),
      tunnelPerMinute: positiveInteger(env.SENTRY_TUNNEL_RATE_LIMIT, 60, 'SENTRY_TUNNEL_RATE_LIMIT'),
    },
  };
}

/** A malformed SENTRY_DSN stops the start; the message never repeats it (it may hold a key). */
function sentryDsnOf(value: string | null): Dsn | null {
  if (value === null) return null;
  const dsn = parseDsn(value);
  if (!dsn) throw new Error('SENTRY_DSN must be a Sentry DSN: https://{publicKey}@{host}/{projectId}');
  return dsn;
}

function trustProxyOf(value: string | null): boolean | number | string {
  if (value === null || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}
