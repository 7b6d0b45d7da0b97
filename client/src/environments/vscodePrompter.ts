// The Prompter on VS Code's InputBox and QuickPick, with step numbers and validation as
// the user types.
import * as vscode from 'vscode';
import type { InputQuestion, PickQuestion, Prompter } from './prompter';

export const vscodePrompter: Prompter = {
  input(q: InputQuestion): Promise<string | undefined> {
    return new Promise((resolve) => {
      const box = vscode.window.createInputBox();
      box.title = q.title;
      box.step = q.step;
      box.totalSteps = q.totalSteps;
      box.prompt = q.prompt;
      box.placeholder = q.placeHolder;
      box.value = q.value ?? '';
      box.password = q.password === true;
      box.ignoreFocusOut = true;
      let done = false;
      const finish = (value: string | undefined) => {
        if (done) return;
        done = true;
        resolve(value);
        box.dispose();
      };
      box.onDidChangeValue((v) => (box.validationMessage = q.validate?.(v)));
      box.onDidAccept(() => {
        const problem = q.validate?.(box.value);
        if (problem) box.validationMessage = problem;
        else finish(box.value);
      });
      box.onDidHide(() => finish(undefined));
      box.show();
    });
  },

  pick<T>(q: PickQuestion<T>): Promise<T | undefined> {
    return new Promise((resolve) => {
      const pick = vscode.window.createQuickPick<vscode.QuickPickItem & { value: T }>();
      pick.title = q.title;
      pick.step = q.step;
      pick.totalSteps = q.totalSteps;
      pick.placeholder = q.placeHolder;
      pick.items = q.items;
      pick.ignoreFocusOut = true;
      let done = false;
      const finish = (value: T | undefined) => {
        if (done) return;
        done = true;
        resolve(value);
        pick.dispose();
      };
      pick.onDidAccept(() => finish(pick.selectedItems[0]?.value));
      pick.onDidHide(() => finish(undefined));
      pick.show();
    });
  },

  withProgress<R>(title: string, work: () => Promise<R>): Promise<R> {
    return Promise.resolve(vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, work));
  },
};
