// A fresh nonce for a webview's Content-Security-Policy (the migration report, analytics).
import { randomBytes } from 'node:crypto';

export function makeNonce(): string {
  return randomBytes(18).toString('base64url');
}
