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
import { FlowCancelled, type Prompter, type StepInfo } from './prompter';

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
  /** Make it the active environment: only when the connection test passed ("Save anyway" saves, nothing more). */
  activate: boolean;
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

/** Name, dashboard URL, gateway URL, then (https only) TLS, then one step per credential, then the test's outcome. */
const URL_STEPS = 3;

/** TLS trust only matters when a URL is https://. */
export function needsTls(dashboardUrl: string, gatewayUrl?: string): boolean {
  return [dashboardUrl, gatewayUrl ?? ''].some((u) => /^https:/i.test(u.trim()));
}

/** True step numbering: how many steps the flow has once the URLs are known. */
export function totalStepsFor(tls: boolean): number {
  return URL_STEPS + (tls ? 1 : 0) + CREDENTIAL_FAMILIES.length + 1;
}

/**
 * The total to show before every URL is known: the TLS step comes only with an https:// URL, so
 * until one is seen the total is unknown and none is shown ("1", "2"), never one that later
 * shrinks (1/8, 2/8, then 3/7). An https:// dashboard URL settles it early.
 */
export function totalStepsSoFar(dashboardUrl?: string): number | undefined {
  return dashboardUrl !== undefined && needsTls(dashboardUrl) ? totalStepsFor(true) : undefined;
}

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

  const name = await answerOrAsk(
    a.name,
    (v) => validateName(v, deps.existingNames, current?.name),
    () =>
      prompter.input({
        title,
        step: 1,
        totalSteps: totalStepsSoFar(),
        prompt: 'A name for this environment',
        placeHolder: 'Production',
        value: current?.name,
        validate: (v) => validateName(v, deps.existingNames, current?.name),
      }),
  );

  const dashboardUrl = await answerOrAsk(
    a.dashboardUrl,
    (v) => validateBaseUrl(v),
    () =>
      prompter.input({
        title,
        step: 2,
        totalSteps: totalStepsSoFar(),
        prompt: 'Dashboard base URL (the /api/... and /admin/... endpoints)',
        placeHolder: 'https://dashboard.example.com',
        value: current?.dashboardUrl,
        validate: (v) => validateBaseUrl(v),
      }),
  );

  const gatewayUrl = await answerOrAsk(
    scripted ? (a.gatewayUrl ?? '') : undefined,
    (v) => validateBaseUrl(v, true),
    () =>
      prompter.input({
        title,
        step: 3,
        totalSteps: totalStepsSoFar(dashboardUrl),
        prompt: 'Gateway base URL for the /svc/... endpoints (leave empty when it is the dashboard URL)',
        placeHolder: 'https://gateway.example.com',
        value: current?.gatewayUrl ?? '',
        validate: (v) => validateBaseUrl(v, true),
      }),
  );

  // Plain http:// everywhere: no TLS question (and no TLS settings kept).
  const withTls = needsTls(dashboardUrl, gatewayUrl);
  const total = totalStepsFor(withTls);
  const tls = !withTls ? undefined : scripted ? scriptedTls(a) : await askTls(prompter, { title, step: 4, totalSteps: total }, current);
  const settings = normaliseSettings({ name, dashboardUrl, gatewayUrl, tls });

  const credentials = scripted
    ? scriptedCredentials(a)
    : await askCredentials(prompter, { title, step: URL_STEPS + (withTls ? 1 : 0) + 1, totalSteps: total }, settings, current);

  // Test with what would be in effect after saving: new answers over the saved credentials.
  const effective = { ...(await deps.savedCredentials(settings)), ...credentials };
  for (const family of CREDENTIAL_FAMILIES) if (effective[family] === '') delete effective[family];
  const health = await prompter.withProgress(`Testing the connection to ${settings.dashboardUrl}…`, () => deps.testConnection(settings, effective));
  if (health.state !== 'ok') {
    // The failure in full (the title and each item's detail line), not cut off in a placeholder.
    const failure = `${health.message}${health.hint ? ` ${health.hint}` : ''}`;
    const save =
      a.saveIfTestFails ??
      (await prompter.pick({
        title: `${title}: the connection test failed`,
        step: total,
        totalSteps: total,
        placeHolder: 'Save this environment anyway?',
        items: [
          {
            label: 'Save anyway',
            description: 'saved, not made active',
            detail: `${failure} Fix it later with Set Credentials or Edit Environment.`,
            value: true,
          },
          { label: 'Cancel', description: 'nothing is saved', detail: failure, value: false },
        ],
      }));
    if (!save) throw new FlowCancelled();
  }
  return { settings, credentials, health, activate: health.state === 'ok' };
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

async function askTls(prompter: Prompter, at: StepInfo, current?: EnvironmentSettings): Promise<EnvironmentSettings['tls']> {
  const { title } = at;
  const now: TlsChoice = current?.tls?.allowSelfSigned ? 'selfSigned' : current?.tls?.caFile ? 'caFile' : 'system';
  const choice = await prompter.pick<TlsChoice>({
    title,
    step: at.step,
    totalSteps: at.totalSteps,
    placeHolder: "How to trust the server's TLS certificate (plain http:// ignores this)",
    items: [
      { label: 'System certificate authorities', description: now === 'system' ? '(current)' : 'recommended', value: 'system' },
      { label: 'A CA file…', description: now === 'caFile' ? `(current: ${current?.tls?.caFile})` : 'a PEM file with your own CA', value: 'caFile' },
      {
        label: 'Allow self-signed certificates',
        description: now === 'selfSigned' ? '(current)' : 'not recommended: anyone in between can read credentials',
        value: 'selfSigned',
      },
    ],
  });
  if (choice === undefined) throw new FlowCancelled();
  if (choice === 'system') return {};
  if (choice === 'selfSigned') return { allowSelfSigned: true };
  const caFile = await prompter.input({
    title,
    step: at.step,
    totalSteps: at.totalSteps,
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

async function askCredentials(prompter: Prompter, first: StepInfo, settings: EnvironmentSettings, current?: EnvironmentSettings): Promise<Credentials> {
  const out: Credentials = {};
  const { title } = first;
  for (const [index, family] of CREDENTIAL_FAMILIES.entries()) {
    const target = originOf(targetUrlOf(settings, family));
    // Credentials are stored per origin: after a URL change the old ones do not apply.
    const sameOrigin = current !== undefined && originOf(targetUrlOf(current, family)) === target;
    const value = await prompter.input({
      title,
      step: first.step + index,
      totalSteps: first.totalSteps,
      prompt: `${CREDENTIAL_LABELS[family]} for ${target}. ${sameOrigin ? 'Leave empty to keep the saved value.' : 'Leave empty if not needed.'}`,
      password: true,
    });
    if (value === undefined) throw new FlowCancelled();
    if (value) out[family] = value;
  }
  return out;
}
