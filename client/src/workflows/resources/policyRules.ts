// The gateway's rule for policy ids (gateway-facts §6), checked before sending. Free of `vscode`.

/** Letters, digits and . _ - ~ only; not blank. */
export function validatePolicyId(value: string): string | undefined {
  const id = value.trim();
  if (!id) return 'A policy needs an "id".';
  return /^[a-zA-Z0-9._~-]+$/.test(id) ? undefined : `Invalid policy id '${id}': allowed characters are a-z, A-Z, 0-9, ., _, -, ~.`;
}
