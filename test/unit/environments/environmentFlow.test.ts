import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runEnvironmentFlow, type FlowDeps } from '../../../client/src/environments/environmentFlow';
import type { Health } from '../../../client/src/environments/health';
import { FlowCancelled, type InputQuestion, type PickQuestion, type Prompter } from '../../../client/src/environments/prompter';

/** A prompter that answers from a script and records the questions and validation messages. */
function scripted(answers: unknown[]) {
  const asked: string[] = [];
  const rejected: string[] = [];
  const steps: string[] = [];
  const details: string[] = [];
  const prompter: Prompter = {
    async input(q: InputQuestion) {
      asked.push(q.prompt);
      steps.push(q.totalSteps ? `${q.step}/${q.totalSteps}` : `${q.step}`); // as VS Code shows it
      // Like the InputBox: a rejected value is not accepted, the next scripted one is tried.
      for (;;) {
        const a = answers.shift() as string | undefined;
        const problem = a === undefined ? undefined : q.validate?.(a);
        if (!problem) return a;
        rejected.push(problem);
      }
    },
    async pick<T>(q: PickQuestion<T>) {
      asked.push(q.placeHolder);
      steps.push(q.totalSteps ? `${q.step}/${q.totalSteps}` : `${q.step}`); // as VS Code shows it
      details.push(...q.items.map((i) => i.detail ?? ''));
      const label = answers.shift() as string | undefined;
      return q.items.find((i) => i.label === label)?.value;
    },
    withProgress: (_t, work) => work(),
  };
  return { prompter, asked, rejected, steps, details };
}

const ok: Health = { state: 'ok', message: 'Connected.' };

function deps(prompter: Prompter, health: Health = ok, tested: unknown[] = []): FlowDeps {
  return {
    prompter,
    existingNames: ['Taken'],
    testConnection: async (settings, credentials) => {
      tested.push({ settings, credentials });
      return health;
    },
    savedCredentials: async () => ({}),
  };
}

test('the interactive flow asks every step, re-asks invalid answers and tests before returning', async () => {
  const { prompter, rejected } = scripted(['Taken', 'Prod', 'not a url', 'https://dash.example.com/', '', 'System certificate authorities', 'gw', 'tok', '']);
  const tested: unknown[] = [];
  const result = await runEnvironmentFlow(deps(prompter, ok, tested));
  assert.deepEqual(result.settings, { name: 'Prod', dashboardUrl: 'https://dash.example.com' });
  assert.deepEqual(result.credentials, { gatewaySecret: 'gw', dashboardToken: 'tok' });
  assert.equal(rejected.length, 2);
  assert.deepEqual(tested, [{ settings: result.settings, credentials: { gatewaySecret: 'gw', dashboardToken: 'tok' } }]);
});

test('scripted answers skip the questions but are validated the same', async () => {
  const { prompter, asked } = scripted([]);
  const result = await runEnvironmentFlow(deps(prompter), undefined, { name: 'CI', dashboardUrl: 'http://127.0.0.1:1234', dashboardToken: 't' });
  assert.deepEqual(asked, []);
  assert.deepEqual(result.credentials, { dashboardToken: 't' });
  await assert.rejects(runEnvironmentFlow(deps(prompter), undefined, { name: 'x', dashboardUrl: 'nope' }), /not a URL/);
  await assert.rejects(runEnvironmentFlow(deps(prompter), undefined, { name: 'y', dashboardUrl: 'https://h', caFile: '/no/such/file.pem' }), /No file/);
});

test('a failed connection test asks before saving, and cancelling saves nothing', async () => {
  const failed: Health = { state: 'auth', message: 'Not authorised', hint: 'Check the token.' };
  const cancel = scripted(['Cancel']);
  await assert.rejects(runEnvironmentFlow(deps(cancel.prompter, failed), undefined, { name: 'A', dashboardUrl: 'http://h' }), FlowCancelled);
  assert.match(cancel.details[0], /^Not authorised Check the token\. Fix it later/, 'the failure in full, not cut off');
  const save = await runEnvironmentFlow(deps(scripted([]).prompter, failed), undefined, { name: 'A', dashboardUrl: 'http://h', saveIfTestFails: true });
  assert.equal(save.health.state, 'auth');
  assert.equal(save.activate, false, '"Save anyway" saves but does not make it active');
});

test('Escape at any step cancels the flow', async () => {
  await assert.rejects(runEnvironmentFlow(deps(scripted(['Prod']).prompter)), FlowCancelled);
});

test('editing to a new host asks for credentials for that host, not to keep the old ones', async () => {
  const current = { name: 'Prod', dashboardUrl: 'https://old.example.com' };
  const { prompter, asked } = scripted(['Prod', 'https://new.example.com', '', 'System certificate authorities', '', '', '']);
  await runEnvironmentFlow(deps(prompter), current);
  const credentialPrompts = asked.filter((q) => q.includes('for https://new.example.com'));
  assert.equal(credentialPrompts.length, 3);
  assert.ok(credentialPrompts.every((q) => q.includes('Leave empty if not needed')));
});

test('an http:// environment asks no TLS question, and the steps are numbered truly', async () => {
  const { prompter, asked, steps } = scripted(['Local', 'http://127.0.0.1:8080', '', 'gw', 'tok', 'adm']);
  const result = await runEnvironmentFlow(deps(prompter));
  assert.ok(!asked.some((q) => /TLS|certificate/i.test(q)), asked.join(' | '));
  // Until the URLs are known no total is shown (never 1/8, 2/8, then 3/7); from then on it is exact.
  assert.deepEqual(steps, ['1', '2', '3', '4/7', '5/7', '6/7']);
  assert.equal(result.settings.tls, undefined);
  assert.equal(result.activate, true);
});

test('an https:// environment asks about TLS at step 4 and numbers the credentials 5, 6, 7 of 8', async () => {
  const { prompter, steps } = scripted(['Prod', 'https://dash.example.com', '', 'System certificate authorities', 'gw', 'tok', '']);
  await runEnvironmentFlow(deps(prompter));
  // The https:// dashboard URL settles the total from step 3 on; it never changes after it is shown.
  assert.deepEqual(steps, ['1', '2', '3/8', '4/8', '5/8', '6/8', '7/8']);
});

test('an http:// dashboard with an https:// gateway: the total appears once the gateway URL is known, with the TLS step', async () => {
  const { prompter, steps } = scripted(['Mixed', 'http://dash.example.com', 'https://gw.example.com', 'System certificate authorities', 'gw', 'tok', '']);
  await runEnvironmentFlow(deps(prompter));
  assert.deepEqual(steps, ['1', '2', '3', '4/8', '5/8', '6/8', '7/8']);
});
