// The merge questions of push and pull on VS Code: a merge without conflict is shown as a diff
// (the server now ↔ the merged file) with a modal that says what came from the server; conflicts
// are a QuickPick of the conflicting paths, each with its base, mine and theirs, where the user
// picks a side per path (or one side for all the rest). Escape stops: nothing is sent or written.
import * as vscode from 'vscode';
import type { MergeSide } from '../../../../engine/src/diff/merge';
import type { MergeConflictFacts, MergeFacts } from '../../../../engine/src/sync/pushMerge';
import type { MergeConflict } from '../../../../engine/src/diff/merge';
import { SYNC_KIND_LABELS } from './syncKinds';

/** A JSON value on one line, shortened. */
export function shortValue(value: unknown, limit = 60): string {
  if (value === undefined) return '(not there)';
  const text = JSON.stringify(value);
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

const list = (paths: readonly string[], limit = 8) =>
  paths.length === 0 ? 'nothing' : paths.slice(0, limit).join(', ') + (paths.length > limit ? ` and ${paths.length - limit} more` : '');

/** The modal after the merged diff opened: true to write the merged file and push it. */
export async function confirmMergedPush(facts: MergeFacts): Promise<boolean> {
  const { summary } = facts;
  const resolved = facts.resolved.length ? `\nConflicts resolved: ${list(facts.resolved)}.` : '';
  const choice = await vscode.window.showInformationMessage(
    `${summary.name} changed on '${summary.environment}' since you pulled it; your changes merge with it without conflict. Push the merged file?`,
    {
      modal: true,
      detail:
        `From the server: ${list(facts.fromServer)}.\nYours: ${list(facts.fromFile)}.${resolved}\n\n` +
        `The merged result is written into ${summary.name} first, then ${summary.route.operation === 'create' ? 'creates' : 'updates'} the ` +
        `${SYNC_KIND_LABELS[summary.kind]} through ${summary.route.endpoint}. The diff shows the server's version (left) against the merged file (right).`,
    },
    'Merge and Push',
  );
  return choice === 'Merge and Push';
}

interface ConflictItem extends vscode.QuickPickItem {
  conflict?: MergeConflict;
  all?: MergeSide;
}

/** A side for every conflicting path, or undefined when the user stops. */
export async function chooseConflictSides(
  facts: Pick<MergeConflictFacts, 'name' | 'environment' | 'conflicts' | 'fromServer'>,
): Promise<Map<string, MergeSide> | undefined> {
  const chosen = new Map<string, MergeSide>();
  const sideName = (side: MergeSide) => (side === 'ours' ? 'mine' : 'theirs');
  for (;;) {
    const open = facts.conflicts.filter((c) => !chosen.has(c.pointer));
    if (open.length === 0) return chosen;
    const items: ConflictItem[] = [
      ...facts.conflicts.map((c): ConflictItem => ({
        label: `${chosen.has(c.pointer) ? '$(check)' : '$(warning)'} ${c.display}`,
        description: chosen.has(c.pointer) ? `keep ${sideName(chosen.get(c.pointer)!)}` : 'choose a side',
        detail: `base ${shortValue(c.base)} · mine ${shortValue(c.ours)} · theirs ${shortValue(c.theirs)}`,
        conflict: c,
      })),
      { label: '', kind: vscode.QuickPickItemKind.Separator },
      { label: `$(person) Keep mine for the ${open.length} open path(s)`, all: 'ours' },
      { label: `$(cloud) Take theirs for the ${open.length} open path(s)`, all: 'theirs' },
    ];
    const pick = await vscode.window.showQuickPick(items, {
      title: `${facts.name}: ${facts.conflicts.length} conflict(s) with '${facts.environment}', choose a side for each path`,
      placeHolder:
        `Both sides changed these paths since the pull. Merged without conflict from the server: ${list(facts.fromServer, 4)}. ` +
        'Escape: nothing is sent or written.',
      ignoreFocusOut: true,
      matchOnDetail: true,
    });
    if (!pick) return undefined;
    if (pick.all) {
      for (const c of open) chosen.set(c.pointer, pick.all);
      continue;
    }
    const c = pick.conflict!;
    const side = await vscode.window.showQuickPick(
      [
        { label: '$(person) Keep mine', description: shortValue(c.ours, 100), side: 'ours' as const },
        { label: '$(cloud) Take theirs', description: shortValue(c.theirs, 100), side: 'theirs' as const },
      ],
      { title: `${c.display} (${c.pointer})`, placeHolder: `In the base (the last pull): ${shortValue(c.base, 100)}`, ignoreFocusOut: true },
    );
    if (side) chosen.set(c.pointer, side.side);
  }
}
