// The team server's settings: a JSON file (--config), every setting listed by --help. The database
// URL holds a password, so it comes from the environment or from a file only its owner can read,
// never from the settings file itself.
import { readFileSync, statSync } from 'node:fs';
import { z } from 'zod';
import { serviceUrl } from '../../../shared/profile';

export const TeamServerConfigSchema = z
  .object({
    listen: z
      .object({
        host: z.string().min(1).default('127.0.0.1'),
        port: z.number().int().min(0).max(65_535).default(8470),
      })
      .strict()
      .default({ host: '127.0.0.1', port: 8470 }),
    /** Serve HTTPS itself: the certificate (PEM, with its chain) and its private key (a 0600 file). */
    tls: z.object({ certFile: z.string().min(1), keyFile: z.string().min(1) }).strict().optional(),
    /** A file holding the PostgreSQL URL (postgres://user:password@host:port/db); must be mode 0600. */
    databaseUrlFile: z.string().min(1).optional(),
    inviteTtlDays: z.number().positive().max(90).default(7),
    tokenTtlDays: z.number().positive().max(730).default(90),
    databasePoolSize: z.number().int().min(1).max(100).default(10),
    /** The company-data service the team's watches call, with the team's credential (its secret never here). */
    service: z
      .object({
        authUrl: serviceUrl,
        baseUrl: serviceUrl,
        clientId: z.string().trim().min(1).max(256),
        scope: z.string().trim().min(1).max(1000).default('api:use'),
        /** A file holding the client secret, mode 0600. Or FIRMSCOPE_SERVICE_SECRET. */
        clientSecretFile: z.string().min(1).optional(),
        /** The service's rate limit for this credential (requests per second); none: only 429s slow the team down. */
        requestsPerSecond: z.number().positive().max(1000).nullable().default(null),
        /** Requests a day for the whole team, every node together; none: no budget. */
        dailyBudget: z.number().int().positive().nullable().default(null),
        /** A company CA (PEM) the service's certificate is signed with. */
        caFile: z.string().min(1).optional(),
      })
      .strict()
      .optional(),
    /** Digests by mail and chat; absent: none are sent. */
    digests: z
      .object({
        /** A file holding the digest key (32+ random bytes, base64 or hex), mode 0600. Or FIRMSCOPE_DIGEST_KEY. */
        keyFile: z.string().min(1).optional(),
        /** The server's public address (https): unsubscribe links point there. */
        publicUrl: serviceUrl,
        smtp: z
          .object({
            host: z.string().trim().min(1),
            port: z.number().int().min(1).max(65_535).default(587),
            user: z.string().min(1),
            /** A file holding the SMTP password, mode 0600. Or FIRMSCOPE_SMTP_PASSWORD. */
            passwordFile: z.string().min(1).optional(),
            from: z.string().min(3).max(320),
            /** A company CA (PEM) the SMTP server's certificate is signed with. */
            caFile: z.string().min(1).optional(),
          })
          .strict()
          .optional(),
        /** How often this node sends what is due (s). */
        pollSeconds: z.number().min(1).max(300).default(5),
      })
      .strict()
      .optional(),
    watches: z
      .object({
        /** The time zone schedules are read in ("daily at 07:00" where the team works). */
        timeZone: z.string().min(1).refine(isTimeZone, 'Not a time zone (IANA name, e.g. Europe/Berlin)').default('UTC'),
        /** Most companies a search check compares. */
        rowCap: z.number().int().min(1).max(100_000).default(10_000),
        /** Checks one node runs at once. */
        concurrency: z.number().int().min(1).max(32).default(2),
        /** A list check's ESG module requests and data reads in flight at once (its sessions are polled besides). */
        esgConcurrency: z.number().int().min(1).max(32).default(4),
        /** Days finished checks and their changes are kept (each watch's latest check always is). */
        keepDays: z.number().int().min(1).max(3650).default(90),
        /** How often an idle node asks the queue for a check (s). */
        pollingIntervalSeconds: z.number().min(0.5).max(60).default(2),
        /** How long a node's claim on a running check lasts without renewal: a node killed mid-check has its check taken up by another after this. */
        leaseSeconds: z.number().int().min(5).max(3600).default(60),
      })
      .strict()
      .default({ timeZone: 'UTC', rowCap: 10_000, concurrency: 2, esgConcurrency: 4, keepDays: 90, pollingIntervalSeconds: 2, leaseSeconds: 60 }),
  })
  .strict();

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export type TeamServerConfig = z.infer<typeof TeamServerConfigSchema>;

/** What --help prints: each setting with its default. */
export const SETTINGS_HELP: ReadonlyArray<[string, string]> = [
  ['listen.host', 'Address to bind (default 127.0.0.1). To serve a team, bind its address with tls set, or keep 127.0.0.1 behind a TLS reverse proxy.'],
  ['listen.port', 'Port to bind (default 8470; 0 picks a free one and prints it).'],
  ['tls.certFile', 'Serve HTTPS: the certificate (PEM, with its chain). Without tls, serve through a TLS reverse proxy.'],
  ['tls.keyFile', 'The certificate\'s private key (PEM), mode 0600.'],
  ['databaseUrlFile', 'File holding the PostgreSQL URL, mode 0600. Or set FIRMSCOPE_DATABASE_URL.'],
  ['inviteTtlDays', 'Days an invite code can be redeemed (default 7).'],
  ['tokenTtlDays', 'Days a member token is valid (default 90).'],
  ['databasePoolSize', 'PostgreSQL connections this node keeps at most (default 10).'],
  ['service.authUrl', 'The service\'s OAuth token endpoint base (https). Without `service`, watches are kept but not checked.'],
  ['service.baseUrl', 'The service\'s API base URL (https).'],
  ['service.clientId', 'The team\'s client id.'],
  ['service.scope', 'OAuth scope (default api:use).'],
  ['service.clientSecretFile', 'File holding the client secret, mode 0600. Or set FIRMSCOPE_SERVICE_SECRET.'],
  ['service.requestsPerSecond', 'The credential\'s rate limit, shared by every node (default none: 429s pace the team).'],
  ['service.dailyBudget', 'Requests a day for the whole team, all nodes together; resets at midnight in watches.timeZone (default none).'],
  ['service.caFile', 'A company CA (PEM) the service\'s certificate is signed with.'],
  ['digests.keyFile', 'File holding the digest key (32+ random bytes, base64 or hex), mode 0600. Or set FIRMSCOPE_DIGEST_KEY.'],
  ['digests.publicUrl', 'The server\'s public https address: unsubscribe links point there. Without digests, none are sent.'],
  ['digests.smtp.host', 'SMTP server for digest mails (STARTTLS and sign-in required).'],
  ['digests.smtp.port', 'SMTP port (default 587).'],
  ['digests.smtp.user', 'SMTP user name.'],
  ['digests.smtp.passwordFile', 'File holding the SMTP password, mode 0600. Or set FIRMSCOPE_SMTP_PASSWORD.'],
  ['digests.smtp.from', 'Sender, e.g. "Firmscope <digests@example.com>".'],
  ['digests.smtp.caFile', 'A company CA (PEM) the SMTP server\'s certificate is signed with.'],
  ['digests.pollSeconds', 'How often a node sends what is due (default 5 s).'],
  ['watches.timeZone', 'Time zone schedules are read in (default UTC).'],
  ['watches.rowCap', 'Most companies a search check compares (default 10000).'],
  ['watches.concurrency', 'Checks one node runs at once (default 2).'],
  ['watches.keepDays', 'Days finished checks and their changes are kept; each watch\'s latest check always is (default 90).'],
  ['watches.esgConcurrency', 'A list check\'s ESG module requests and data reads in flight at once; its sessions are polled besides (default 4).'],
  ['watches.pollingIntervalSeconds', 'How often an idle node asks for a check (default 2 s).'],
  ['watches.leaseSeconds', 'A node killed mid-check has its check taken up by another after this (default 60 s).'],
];

export interface LoadedConfig {
  config: TeamServerConfig;
  databaseUrl: string;
  /** The service's client secret (environment or its 0600 file); null without `service`. */
  serviceSecret: string | null;
  /** The certificate and key to serve HTTPS with; null: plain HTTP. */
  tls: { cert: string; key: string } | null;
  /** Digest secrets and settings; null without `digests`. */
  digests: LoadedDigests | null;
}

export interface LoadedDigests {
  key: Buffer;
  publicUrl: string;
  smtp: { host: string; port: number; user: string; password: string; from: string; ca?: string } | null;
  pollSeconds: number;
}

export function loadTeamServerConfig(file: string | null, env: NodeJS.ProcessEnv = process.env): LoadedConfig {
  const raw: unknown = file ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const parsed = TeamServerConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`${file ?? 'The settings'}: ${first?.path.join('.') || 'settings'}: ${first?.message ?? 'not valid'}. Run with --help for every setting.`);
  }
  const config = parsed.data;
  const tls = config.tls ? { cert: readFileSync(config.tls.certFile, 'utf8'), key: readPrivateFile(config.tls.keyFile, 'the TLS private key') } : null;
  if (tls && !tls.cert.includes('-----BEGIN CERTIFICATE-----')) throw new Error(`${config.tls!.certFile} is not a PEM certificate (-----BEGIN CERTIFICATE-----).`);
  return { config, databaseUrl: databaseUrl(config, env), serviceSecret: config.service ? serviceSecret(config.service.clientSecretFile, env) : null, tls, digests: digestSettings(config, env) };
}

function digestSettings(config: TeamServerConfig, env: NodeJS.ProcessEnv): LoadedDigests | null {
  const d = config.digests;
  if (!d) return null;
  const keyText = env.FIRMSCOPE_DIGEST_KEY ?? (d.keyFile ? readPrivateFile(d.keyFile, 'the digest key') : null);
  if (!keyText) throw new Error('No digest key: set FIRMSCOPE_DIGEST_KEY, or digests.keyFile (32+ random bytes, e.g. from: openssl rand -base64 32).');
  const t = keyText.trim();
  const key = /^[0-9a-f]+$/i.test(t) && t.length % 2 === 0 ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length < 32) throw new Error('The digest key is shorter than 32 bytes: make one with openssl rand -base64 32.');
  const m = d.smtp;
  const password = m ? (env.FIRMSCOPE_SMTP_PASSWORD ?? (m.passwordFile ? readPrivateFile(m.passwordFile, 'the SMTP password').trim() : null)) : null;
  if (m && password === null) throw new Error('No SMTP password: set FIRMSCOPE_SMTP_PASSWORD, or digests.smtp.passwordFile.');
  const smtp = m ? { host: m.host, port: m.port, user: m.user, password: password!, from: m.from, ...(m.caFile ? { ca: readFileSync(m.caFile, 'utf8') } : {}) } : null;
  return { key, publicUrl: d.publicUrl, smtp, pollSeconds: d.pollSeconds };
}

function serviceSecret(file: string | undefined, env: NodeJS.ProcessEnv): string {
  if (env.FIRMSCOPE_SERVICE_SECRET) return env.FIRMSCOPE_SERVICE_SECRET;
  if (!file) throw new Error('No client secret for the service: set FIRMSCOPE_SERVICE_SECRET, or service.clientSecretFile in the settings file.');
  const secret = readPrivateFile(file, 'the service\'s client secret').trim();
  if (!secret) throw new Error(`${file} is empty: it should hold the service's client secret.`);
  return secret;
}

/** A file that holds a secret: refused unless only its owner can read it. */
function readPrivateFile(file: string, what: string): string {
  const mode = statSync(file).mode & 0o777;
  if (mode & 0o077) throw new Error(`${file} can be read by others (mode ${mode.toString(8)}): it holds ${what}. Run chmod 600 ${file}.`);
  return readFileSync(file, 'utf8');
}

function databaseUrl(config: TeamServerConfig, env: NodeJS.ProcessEnv): string {
  if (env.FIRMSCOPE_DATABASE_URL) return env.FIRMSCOPE_DATABASE_URL;
  const file = config.databaseUrlFile;
  if (!file) throw new Error('No database: set FIRMSCOPE_DATABASE_URL, or databaseUrlFile in the settings file.');
  const url = readPrivateFile(file, 'the database password').trim();
  if (!/^postgres(ql)?:\/\//.test(url)) throw new Error(`${file} does not hold a PostgreSQL URL (postgres://user:password@host:port/database).`);
  return url;
}
