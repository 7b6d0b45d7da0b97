// Which endpoints this server lacks, learned once per client (one client per environment and
// configuration, so "for the session"). An endpoint beyond the spec that once answered a
// 404/405 without a JSON error body of the spec's shape is not asked again: later calls fail at
// once with the same 'missing-endpoint' error, and views can say what the server does not offer.
import { ManagementApiError } from './errors';

export class EndpointAvailability {
  /** `METHOD /path/{template}` → the error that proved it missing. */
  private readonly missing = new Map<string, ManagementApiError>();

  /** The remembered error for a missing endpoint, or undefined when it is present or untried. */
  knownMissing(endpoint: string): ManagementApiError | undefined {
    return this.missing.get(endpoint);
  }

  record(endpoint: string, error: ManagementApiError): void {
    if (error.kind === 'missing-endpoint' && !this.missing.has(endpoint)) this.missing.set(endpoint, error);
  }

  isMissing(endpoint: string): boolean {
    return this.missing.has(endpoint);
  }

  /** Every endpoint found missing so far, e.g. `GET /api/apis/{apiId}`. */
  missingEndpoints(): string[] {
    return [...this.missing.keys()];
  }
}
