/**
 * Secrets kept at rest (a judge's API key): sealed with AES-256-GCM under the instance's secret key, so a copy
 * of the database alone reveals nothing, and a sealed value altered in the database fails to open rather than
 * yielding a wrong key. The format is `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
export const SECRET_KEY_BYTES = 32;

export class SecretBoxError extends Error {}

/**
 * The 32-byte key from its text: 64 hex characters or 44 base64 characters are used as they are; any other
 * text (a passphrase) is hashed with SHA-256, so an operator may set whatever they keep in their vault.
 */
export function secretKeyFrom(text: string): Buffer {
  const trimmed = text.trim();
  if (trimmed.length === 0) throw new SecretBoxError('the secret key is empty');
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const bytes = Buffer.from(trimmed, 'base64');
    if (bytes.length === SECRET_KEY_BYTES) return bytes;
  }
  return createHash('sha256').update(trimmed).digest();
}

export function newSecretKeyText(): string {
  return randomBytes(SECRET_KEY_BYTES).toString('hex');
}

/** `context` binds a sealed value to where it belongs (a project id): moved to another row, it will not open. */
export function seal(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function open(key: Buffer, sealed: string, context: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || iv === undefined || tag === undefined || body === undefined)
    throw new SecretBoxError('the sealed secret is not in a known format');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretBoxError('the sealed secret does not open with this secret key (was CQM_SECRET_KEY changed?)');
  }
}
