// Saving a document that holds text we just sent or received (after a push, after a pull into
// an open editor). VS Code's save right after such an edit now and then answers false although
// it wrote the file (seen in the real-VS-Code suite: the disk had the text, the model stayed
// dirty), and a later save of the unchanged text succeeds, as the user's would. So: up to three
// saves, a moment apart, while the document still holds exactly that text. Why VS Code answers
// false there is not known (see the issue 14 note).
import type * as vscode from 'vscode';

const ATTEMPTS = 3;
const PAUSE_MS = 150;

/** Saves `document` if it still holds exactly `text`; true when it ends up saved. */
export async function saveHolding(document: vscode.TextDocument, text: string): Promise<boolean> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    if (document.getText() !== text) return false;
    if ((await document.save()) || !document.isDirty) return true;
    if (attempt < ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, PAUSE_MS * attempt));
  }
  return false;
}
