// The questions a multi-step flow asks, as an interface: VS Code answers them with an
// InputBox/QuickPick (vscodePrompter.ts), unit tests with a script of answers.

export interface StepInfo {
  title: string;
  step: number;
  /** Undefined while the flow cannot know it yet (VS Code then shows "3", not a total that later changes). */
  totalSteps?: number;
}

export interface InputQuestion extends StepInfo {
  prompt: string;
  value?: string;
  placeHolder?: string;
  /** Hides the typed text (secrets). */
  password?: boolean;
  /** Returns a message while the value is not acceptable. */
  validate?: (value: string) => string | undefined;
}

export interface PickItem<T> {
  label: string;
  description?: string;
  detail?: string;
  value: T;
}

export interface PickQuestion<T> extends StepInfo {
  placeHolder: string;
  items: PickItem<T>[];
}

/** Each method resolves to undefined when the user cancels (Escape). */
export interface Prompter {
  input(question: InputQuestion): Promise<string | undefined>;
  pick<T>(question: PickQuestion<T>): Promise<T | undefined>;
  /** Shows progress while `work` runs (a connection test). */
  withProgress<R>(title: string, work: () => Promise<R>): Promise<R>;
}

/** Thrown when the user cancels a flow; commands catch it and stop quietly. */
export class FlowCancelled extends Error {
  constructor() {
    super('Cancelled');
  }
}
