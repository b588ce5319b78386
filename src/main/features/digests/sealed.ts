// The digest key: one secret of the server's (settings, like the database URL), from which two keys
// are derived (HKDF-SHA256): one seals each subscription's target (AES-256-GCM, a fresh nonce each,
// the row id as associated data so a sealed target cannot be moved to another row), one makes its
// unsubscribe token (HMAC of the row id). The table keeps the sealed target and the token's SHA-256:
// a dump of it holds no webhook URL and lets no one unsubscribe anybody.
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const DIGEST_KEY_BYTES = 32;

export interface DigestKeys {
  /** `plain` sealed for the row `rowId`: "v1.<base64url nonce|tag|ciphertext>". */
  seal(plain: string, rowId: string): string;
  /** The plain text, or an error when the key or the row differ (nothing is said of the content). */
  open(sealed: string, rowId: string): string;
  /** The subscription's unsubscribe token: the same every time, made only with the key. */
  unsubscribeToken(subscriptionId: string): string;
}

/** What the table keeps of an unsubscribe token. */
export const tokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export function digestKeys(master: Buffer): DigestKeys {
  if (master.length < DIGEST_KEY_BYTES) throw new Error(`The digest key must be at least ${DIGEST_KEY_BYTES} random bytes.`);
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `firmscope digests: ${info}`, 32));
  const sealKey = derive('targets');
  const tokenKey = derive('unsubscribe');
  const aad = (rowId: string) => Buffer.from(`digest_subscriptions:${rowId}`, 'utf8');
  return {
    seal(plain, rowId) {
      const nonce = randomBytes(NONCE_BYTES);
      const c = createCipheriv('aes-256-gcm', sealKey, nonce).setAAD(aad(rowId));
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return `${VERSION}.${Buffer.concat([nonce, c.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed, rowId) {
      const [version, data] = sealed.split('.');
      if (version !== VERSION || !data) throw new Error('This digest target was sealed in an unknown format.');
      const raw = Buffer.from(data, 'base64url');
      const d = createDecipheriv('aes-256-gcm', sealKey, raw.subarray(0, NONCE_BYTES)).setAAD(aad(rowId));
      d.setAuthTag(raw.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([d.update(raw.subarray(NONCE_BYTES + TAG_BYTES)), d.final()]).toString('utf8');
      } catch {
        throw new Error('This digest target cannot be opened with the digest key: was the key changed?');
      }
    },
    unsubscribeToken: (subscriptionId) => createHmac('sha256', tokenKey).update(`unsubscribe:${subscriptionId}`).digest('base64url'),
  };
}
