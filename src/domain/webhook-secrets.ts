/**
 * Webhook signing secrets as Standard Webhooks writes them. In the domain because storage makes them (a new
 * endpoint, a rotation) and the delivery layer signs with them; neither should import the other for it.
 */
import { randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

/** A new secret: `whsec_` + 32 random bytes in base64. */
export function newSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}
