/**
 * Keys found valid a moment ago, by hash. Only the ingest route trusts them: the store lookup of a key costs
 * about as much as validating a whole conversation, and ingest checks the key again inside the transaction
 * that writes (see conversation-ingest.ts), so a key revoked meanwhile still writes nothing. Any error
 * answered to a request authenticated from here is confirmed with the store first (see auth.ts), so a
 * revoked key never gets anything but 401.
 */
import type { Principal } from '../storage/tenancy-repo.js';

export class RecentlyValidKeys {
  private readonly byHash = new Map<string, Principal>();

  constructor(private readonly capacity = 10_000) {}

  get(keyHash: string): Principal | undefined {
    return this.byHash.get(keyHash);
  }

  remember(keyHash: string, principal: Principal): void {
    // Crude but bounded: a burst of distinct keys empties the cache instead of growing it.
    if (this.byHash.size >= this.capacity) this.byHash.clear();
    this.byHash.set(keyHash, principal);
  }

  forget(keyHash: string): void {
    this.byHash.delete(keyHash);
  }
}
