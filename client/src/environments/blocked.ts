// Why no request was sent to an environment. Shown by the tree as an error node with a hint,
// like a ManagementApiError, so both share the `message` + `hint` shape.

export type BlockedReason = 'untrusted-workspace' | 'host-not-approved';

export class RequestsBlockedError extends Error {
  constructor(
    readonly reason: BlockedReason,
    message: string,
    readonly hint: string,
  ) {
    super(message);
    this.name = 'RequestsBlockedError';
  }
}

export function untrustedWorkspaceError(envName: string): RequestsBlockedError {
  return new RequestsBlockedError(
    'untrusted-workspace',
    `No request is sent to '${envName}': this workspace is not trusted.`,
    'Trust the workspace (Workspaces: Manage Workspace Trust) to connect; until then no credential leaves VS Code.',
  );
}

export function hostNotApprovedError(envName: string, origins: string[]): RequestsBlockedError {
  return new RequestsBlockedError(
    'host-not-approved',
    `No credential was sent to ${origins.join(' and ')}: environment '${envName}' comes from this workspace's settings and its host is not approved.`,
    'Retry and choose "Allow" to approve the host, or define the environment in your user settings.',
  );
}
