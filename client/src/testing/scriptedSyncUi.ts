// Test-only: the questions of pull and push answered in advance. End-to-end tests install a
// scripted SyncUi through the test-only export (testingApi.ts, enabled in ExtensionMode.Test);
// a question without an answer here is asked by the UI it wraps. Production code never sees
// these answers: commands and flows talk to the SyncUi seam only.
import type { OverwriteDecision } from '../workflows/sync/pull';
import type { ConflictDecision, PushUi, SendSummary } from '../workflows/sync/pushPipeline';
import type { OasVersionChoice, StreamsPatchParameters } from '../workflows/sync/routing';
import type { PullIntoFacts, SyncUi } from '../workflows/sync/syncUi';
import type { PullInto } from '../../../engine/src/environments/pullDefinition';
import type { MergeConflict, MergeSide } from '../../../engine/src/diff/merge';
import type { MergeFacts } from '../../../engine/src/sync/pushMerge';

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
  /** The confirm after the diff; a function reads what the dialog asks (the name it gives the resource). */
  confirm?: boolean | ((summary: SendSummary) => boolean);
  /** Reload the gateway after a gateway-style classic push. */
  reload?: boolean;
  /** Pull over a file with local changes. */
  overwriteLocal?: OverwriteDecision;
  /** OAS pull: with the extension (`full`) or `public`. */
  pullMode?: 'full' | 'public';
  /** Push merged with a server that moved: push the merged file? Called with what the notice shows. */
  confirmMerge?: boolean | ((facts: MergeFacts) => boolean);
  /**
   * The merge's conflicts (push and pull), each with base, mine and theirs: a side per pointer,
   * or undefined to stop. Tests read what was asked from the argument.
   */
  mergeConflicts?: (conflicts: MergeConflict[]) => Record<string, MergeSide> | undefined;
  /**
   * A pull for an environment of svc.environments.json that would change other environments'
   * rendering: `base`, `overlay`, or `cancel`; a function reads what was asked and answers.
   */
  pullInto?: PullInto | 'cancel' | ((facts: PullIntoFacts) => PullInto | undefined);
}

const sidesOf = (answer: Record<string, MergeSide> | undefined) => (answer ? new Map(Object.entries(answer)) : undefined);

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
        confirmSend: async (summary) => {
          const answer = typeof answers.confirm === 'function' ? answers.confirm(summary) : answers.confirm;
          return answer ?? ui.confirmSend(summary);
        },
        offerReload: async (message) => answers.reload ?? ui.offerReload(message),
        confirmMerge: async (facts) => {
          const answer = typeof answers.confirmMerge === 'function' ? answers.confirmMerge(facts) : answers.confirmMerge;
          return answer ?? (ui.confirmMerge ? ui.confirmMerge(facts) : false);
        },
        resolveMergeConflicts: async (facts) => (answers.mergeConflicts ? sidesOf(answers.mergeConflicts(facts.conflicts)) : ui.resolveMergeConflicts?.(facts)),
      };
    },
    askPullMode: async () => answers.pullMode ?? base.askPullMode(),
    askOverwrite: async (file, reason, environment) => answers.overwriteLocal ?? base.askOverwrite(file, reason, environment),
    resolveMergeConflicts: async (facts) => (answers.mergeConflicts ? sidesOf(answers.mergeConflicts(facts.conflicts)) : base.resolveMergeConflicts?.(facts)),
    askPullInto: async (facts) => {
      const answer = typeof answers.pullInto === 'function' ? answers.pullInto(facts) : answers.pullInto;
      if (answer === undefined && answers.pullInto === undefined) return base.askPullInto(facts);
      return answer === 'cancel' ? undefined : answer;
    },
  };
}
