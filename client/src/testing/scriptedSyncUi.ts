// Test-only: the questions of pull and push answered in advance. End-to-end tests install a
// scripted SyncUi through the test-only export (testingApi.ts, enabled in ExtensionMode.Test);
// a question without an answer here is asked by the UI it wraps. Production code never sees
// these answers: commands and flows talk to the SyncUi seam only.
import type { OverwriteDecision } from '../workflows/sync/pull';
import type { ConflictDecision, PushUi } from '../workflows/sync/pushPipeline';
import type { OasVersionChoice, StreamsPatchParameters } from '../workflows/sync/routing';
import type { SyncUi } from '../workflows/sync/syncUi';

export interface SyncAnswers {
  /** Push although the document has error diagnostics. */
  pushDespiteErrors?: boolean;
  /** The remote changed since the pull. */
  onConflict?: ConflictDecision;
  /** OAS documents the server does not have. */
  oasCreate?: 'new' | OasVersionChoice;
  /** Streams: the whole document or only the OAS part. */
  streamsUpdate?: 'put' | StreamsPatchParameters;
  /** Keys over the gateway. */
  keyId?: string;
  /** The confirm after the diff. */
  confirm?: boolean;
  /** Reload the gateway after a gateway-style classic push. */
  reload?: boolean;
  /** Pull over a file with local changes. */
  overwriteLocal?: OverwriteDecision;
  /** OAS pull: with the extension (`full`) or `public`. */
  pullMode?: 'full' | 'public';
}

/** `base` with the given answers taking precedence over its questions. */
export function scriptedSyncUi(answers: SyncAnswers, base: SyncUi): SyncUi {
  return {
    push(options): PushUi {
      const ui = base.push(options);
      return {
        ...ui,
        confirmDespiteErrors: async (name, errors) => answers.pushDespiteErrors ?? ui.confirmDespiteErrors(name, errors),
        resolveConflict: async (facts) => answers.onConflict ?? ui.resolveConflict(facts),
        chooseOasCreate: async (context) => answers.oasCreate ?? ui.chooseOasCreate(context),
        chooseStreamsUpdate: async (name) => answers.streamsUpdate ?? ui.chooseStreamsUpdate(name),
        askKeyId: async (name) => answers.keyId ?? ui.askKeyId(name),
        confirmSend: async (summary) => answers.confirm ?? ui.confirmSend(summary),
        offerReload: async (message) => answers.reload ?? ui.offerReload(message),
      };
    },
    askPullMode: async () => answers.pullMode ?? base.askPullMode(),
    askOverwrite: async (file, reason, environment) => answers.overwriteLocal ?? base.askOverwrite(file, reason, environment),
  };
}
