// OAuth client secrets are credentials: the details document shows them masked, and only the
// Copy Client Secret command reveals one (to the clipboard). Free of `vscode`.
import type { OAuthClient } from '../../../api/src';

export const MASK = '••••••••';

/** Keeps the last 4 characters of long secrets so a user can tell two clients apart. */
export function maskSecret(secret: string | undefined): string | undefined {
  if (secret === undefined || secret === '') return secret;
  return secret.length >= 16 ? `${MASK}${secret.slice(-4)}` : MASK;
}

/** A copy of the client with its secret masked; nothing else changes. */
export function maskOAuthClient(client: OAuthClient): OAuthClient {
  return 'secret' in client ? { ...client, secret: maskSecret(client.secret) } : { ...client };
}
