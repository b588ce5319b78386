// Invite codes and member tokens: "<kind prefix><id>_<secret>". The id finds the row; only a scrypt
// hash of the secret is stored, so a table dump lets no one sign in. Secrets are 256 random bits.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export type CredentialKind = 'invite' | 'token';

const PREFIX: Record<CredentialKind, string> = { invite: 'fsi_', token: 'fsm_' };
const ID_HEX = 16;
/** scrypt's cost: N=2^14, r=8, p=1 (about 16 MiB and tens of ms a check; OWASP's floor is 2^17 for passwords, but these secrets are random, not guessable words). */
const COST = { N: 16_384, r: 8, p: 1 } as const;
const KEY_BYTES = 32;

export interface NewCredential {
  /** What the member is given, once. */
  text: string;
  id: string;
  /** What is stored. */
  hash: string;
}

export async function newCredential(kind: CredentialKind): Promise<NewCredential> {
  const id = randomBytes(ID_HEX / 2).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { text: `${PREFIX[kind]}${id}_${secret}`, id, hash: await hashSecret(secret) };
}

/** The id and secret of a credential's text, or null when it is not one of `kind`. */
export function parseCredential(kind: CredentialKind, text: string): { id: string; secret: string } | null {
  const m = new RegExp(`^${PREFIX[kind]}([0-9a-f]{${ID_HEX}})_([A-Za-z0-9_-]{43})$`).exec(text.trim());
  return m ? { id: m[1]!, secret: m[2]! } : null;
}

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(secret, salt, KEY_BYTES, COST);
  return `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** True when `secret` is the one `stored` was made from (compared in constant time). */
export async function secretMatches(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scryptAsync(secret, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

function scryptAsync(secret: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(secret, salt, length, options, (e, key) => (e ? reject(e) : resolve(key))));
}
