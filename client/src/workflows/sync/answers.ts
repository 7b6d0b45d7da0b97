// Answers given in advance to the questions of pull and push: commands take them in their
// argument object (other workflows and tests drive the commands without dialogs), and
// SyncArea.answerNext() hands them to the next push started by a save (edit remote). A question
// without an answer here is asked in the UI. Free of `vscode`.
import type { OverwriteDecision } from './pull';
import type { ConflictDecision } from './pushPipeline';
import type { OasVersionChoice, StreamsPatchParameters } from './routing';

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
