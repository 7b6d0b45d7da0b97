// The multi-step Add/Edit Environment flow, free of `vscode`: it asks through a Prompter,
// validates every answer, tests the connection and only then returns what to save.
// Answers given up front (a command argument) skip their question but are validated the same.
import { existsSync } from 'node:fs';
import {
  CREDENTIAL_FAMILIES,
  CREDENTIAL_LABELS,
  normaliseSettings,
  originOf,
  targetUrlOf,
  validateBaseUrl,
  validateName,
  type Credentials,
  type EnvironmentSettings,
} from './model';
import type { Health } from './health';
import { FlowCancelled, type Prompter } from './prompter';

/** The answers a caller (a test, a command link) can give instead of being asked. */
export interface EnvironmentAnswers {
  name?: string;
  dashboardUrl?: string;
  gatewayUrl?: string;
  caFile?: string;
  allowSelfSigned?: boolean;
  gatewaySecret?: string;
  dashboardToken?: string;
  adminSecret?: string;
  /** When the connection test fails: true saves anyway, false cancels; absent asks. */
  saveIfTestFails?: boolean;
}

export interface FlowResult {
  settings: EnvironmentSettings;
  /** Only the credentials to change: a value stores, '' deletes, absent keeps. */
  credentials: Credentials;
  health: Health;
}

export interface FlowDeps {
  prompter: Prompter;
  /** Names already taken (the edited environment's own name excluded by `current`). */
  existingNames: readonly string[];
  /** Tests the connection with the settings and the credentials that would be used. */
  testConnection(settings: EnvironmentSettings, credentials: Credentials): Promise<Health>;
  /** Reads the credentials saved for a (possibly new) URL, to test an edit before saving. */
  savedCredentials(settings: EnvironmentSettings): Promise<Credentials>;
}

type TlsChoice = 'system' | 'caFile' | 'selfSigned';

const TOTAL_STEPS = 5;

/**
 * Runs the flow. `current` is the environment being edited (undefined when adding).
 * `answers` given by a caller: required members missing from it are still asked; optional
 * members missing from it count as empty, so a scripted caller never blocks on a prompt.
 */
export async function runEnvironmentFlow(deps: FlowDeps, current?: EnvironmentSettings, answers?: EnvironmentAnswers): Promise<FlowResult> {
  const { prompter } = deps;
  const title = current ? `Edit Environment "${current.name}"` : 'Add Environment';
  const scripted = answers !== undefined;
  const a = answers ?? {};

  const name = await answerOrAsk(a.name, (v) => validateName(v, deps.existingNames, current?.name), () =>
    prompter.input({
      title, step: 1, totalSteps: TOTAL_STEPS,
      prompt: 'A name for this environment',
      placeHolder: 'Production',
      value: current?.name,
      validate: (v) => validateName(v, deps.existingNames, current?.name),
    }),
  );

  const dashboardUrl = await answerOrAsk(a.dashboardUrl, (v) => validateBaseUrl(v), () =>
    prompter.input({
      title, step: 2, totalSteps: TOTAL_STEPS,
      prompt: 'Dashboard base URL (the /api/... and /admin/... endpoints)',
      placeHolder: 'https://dashboard.example.com',
      value: current?.dashboardUrl,
      validate: (v) => validateBaseUrl(v),
    }),
  );

  const gatewayUrl = await answerOrAsk(scripted ? (a.gatewayUrl ?? '') : undefined, (v) => validateBaseUrl(v, true), () =>
    prompter.input({
      title, step: 3, totalSteps: TOTAL_STEPS,
      prompt: 'Gateway base URL for the /svc/... endpoints (leave empty when it is the dashboard URL)',
      placeHolder: 'https://gateway.example.com',
      value: current?.gatewayUrl ?? '',
      validate: (v) => validateBaseUrl(v, true),
    }),
  );

  const tls = scripted ? scriptedTls(a) : await askTls(prompter, title, current);
  const settings = normaliseSettings({ name, dashboardUrl, gatewayUrl, tls });

  const credentials = scripted ? scriptedCredentials(a) : await askCredentials(prompter, title, settings, current);

  // Test with what would be in effect after saving: new answers over the saved credentials.
  const effective = { ...(await deps.savedCredentials(settings)), ...credentials };
  for (const family of CREDENTIAL_FAMILIES) if (effective[family] === '') delete effective[family];
  const health = await prompter.withProgress(`Testing the connection to ${settings.dashboardUrl}…`, () =>
    deps.testConnection(settings, effective),
  );
  if (health.state !== 'ok') {
    const save = a.saveIfTestFails ?? (await prompter.pick({
      title, step: TOTAL_STEPS, totalSteps: TOTAL_STEPS,
      placeHolder: `Connection test failed: ${health.message}${health.hint ? ` ${health.hint}` : ''}`,
      items: [
        { label: 'Save anyway', description: 'fix it later with Set Credentials or Edit Environment', value: true },
        { label: 'Cancel', value: false },
      ],
    }));
    if (!save) throw new FlowCancelled();
  }
  return { settings, credentials, health };
}

async function answerOrAsk(given: string | undefined, validate: (v: string) => string | undefined, ask: () => Promise<string | undefined>): Promise<string> {
  if (given !== undefined) {
    const problem = validate(given);
    if (problem) throw new Error(problem);
    return given;
  }
  const value = await ask();
  if (value === undefined) throw new FlowCancelled();
  return value;
}

function scriptedTls(a: EnvironmentAnswers): EnvironmentSettings['tls'] {
  if (a.caFile !== undefined) {
    const problem = validateCaFile(a.caFile);
    if (problem) throw new Error(problem);
  }
  return { caFile: a.caFile, allowSelfSigned: a.allowSelfSigned === true };
}

function validateCaFile(path: string): string | undefined {
  if (!path.trim()) return 'Enter the path of a PEM file.';
  if (!existsSync(path.trim())) return 'No file at this path.';
  return undefined;
}

async function askTls(prompter: Prompter, title: string, current?: EnvironmentSettings): Promise<EnvironmentSettings['tls']> {
  const now: TlsChoice = current?.tls?.allowSelfSigned ? 'selfSigned' : current?.tls?.caFile ? 'caFile' : 'system';
  const choice = await prompter.pick<TlsChoice>({
    title, step: 4, totalSteps: TOTAL_STEPS,
    placeHolder: 'How to trust the server\'s TLS certificate (plain http:// ignores this)',
    items: [
      { label: 'System certificate authorities', description: now === 'system' ? '(current)' : 'recommended', value: 'system' },
      { label: 'A CA file…', description: now === 'caFile' ? `(current: ${current?.tls?.caFile})` : 'a PEM file with your own CA', value: 'caFile' },
      { label: 'Allow self-signed certificates', description: now === 'selfSigned' ? '(current)' : 'not recommended: anyone in between can read credentials', value: 'selfSigned' },
    ],
  });
  if (choice === undefined) throw new FlowCancelled();
  if (choice === 'system') return {};
  if (choice === 'selfSigned') return { allowSelfSigned: true };
  const caFile = await prompter.input({
    title, step: 4, totalSteps: TOTAL_STEPS,
    prompt: 'Path of the CA certificate (PEM)',
    value: current?.tls?.caFile,
    validate: validateCaFile,
  });
  if (caFile === undefined) throw new FlowCancelled();
  return { caFile };
}

function scriptedCredentials(a: EnvironmentAnswers): Credentials {
  const out: Credentials = {};
  for (const family of CREDENTIAL_FAMILIES) if (a[family] !== undefined) out[family] = a[family];
  return out;
}

async function askCredentials(prompter: Prompter, title: string, settings: EnvironmentSettings, current?: EnvironmentSettings): Promise<Credentials> {
  const out: Credentials = {};
  for (const family of CREDENTIAL_FAMILIES) {
    const target = originOf(targetUrlOf(settings, family));
    // Credentials are stored per origin: after a URL change the old ones do not apply.
    const sameOrigin = current !== undefined && originOf(targetUrlOf(current, family)) === target;
    const value = await prompter.input({
      title, step: 5, totalSteps: TOTAL_STEPS,
      prompt: `${CREDENTIAL_LABELS[family]} for ${target}. ${sameOrigin ? 'Leave empty to keep the saved value.' : 'Leave empty if not needed.'}`,
      password: true,
    });
    if (value === undefined) throw new FlowCancelled();
    if (value) out[family] = value;
  }
  return out;
}
