// One credential per endpoint family, checked before routing (as the reference's middleware
// does), with the reference's status and body for a missing or wrong one (gateway-facts §8.1).
import type { IncomingMessage } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { SandboxCredentials } from '../types.js';
import { HttpError, type Family } from './results.js';

export const GATEWAY_AUTH_ERROR = 'Attempted administrative access with invalid or missing key!';
export const DASHBOARD_AUTH_ERROR = 'Not authorised';

export function checkAuth(family: Family, req: IncomingMessage, credentials: SandboxCredentials): void {
  if (family === 'gateway') {
    if (!same(header(req, 'x-svc-authorization'), credentials.gatewaySecret)) throw new HttpError(403, GATEWAY_AUTH_ERROR);
  } else if (family === 'dashboard') {
    // The spec sends `Bearer <token>`; the reference dashboard's docs send the raw secret. Accept both.
    const value = header(req, 'authorization');
    const token = value?.replace(/^Bearer\s+/i, '');
    if (!same(token, credentials.dashboardToken)) throw new HttpError(401, DASHBOARD_AUTH_ERROR);
  } else if (family === 'admin') {
    if (!same(header(req, 'admin-auth'), credentials.adminSecret)) throw new HttpError(401, DASHBOARD_AUTH_ERROR);
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Constant-time comparison, so response timing does not reveal a secret's prefix. */
function same(given: string | undefined, expected: string): boolean {
  if (given === undefined || expected === '') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
