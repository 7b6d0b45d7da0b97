// Finding a key the ways the key endpoints allow: by id, by hash (`hashed`), by either
// (`auto_guess`), or by the basic-auth username (`username`).
import type { Collection } from '../store/collection.js';
import type { KeyRecord } from '../types.js';
import { obj } from './apis.js';

export interface KeyLookup {
  hashed?: boolean;
  autoGuess?: boolean;
  username?: boolean;
}

export function findKey(keys: Collection<KeyRecord>, given: string, how: KeyLookup = {}): KeyRecord | undefined {
  if (how.username) {
    return keys.find((k) => obj(k.session.basic_auth_data).user === given || (k.keyId === given && !!k.session.basic_auth_data));
  }
  const byHash = () => keys.find((k) => k.hash === given);
  if (how.hashed) return byHash();
  const byId = keys.get(given);
  if (byId || !how.autoGuess) return byId;
  return byHash();
}
