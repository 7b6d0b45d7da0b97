// What the user sees in the workbench, read from the page's DOM through the runner.
import { callDriver, hasDriver } from './driver';
import { waitFor, type WaitOptions } from './wait';

export interface WorkbenchElement {
  text: string;
  ariaLabel: string | null;
  visible: boolean;
}

export { hasDriver };

/** Elements of the workbench page matching a CSS selector. */
export async function queryWorkbench(selector: string): Promise<WorkbenchElement[]> {
  return JSON.parse(await callDriver('/query', { selector })) as WorkbenchElement[];
}

/** Waits until a visible element matching `selector` has text or aria-label matching `pattern`. */
export function waitForVisible(selector: string, pattern: RegExp, options: WaitOptions = {}): Promise<WorkbenchElement> {
  return waitFor(async () => (await queryWorkbench(selector)).find((e) => e.visible && (pattern.test(e.text) || pattern.test(e.ariaLabel ?? ''))), {
    message: `a visible ${selector} matching ${pattern}`,
    ...options,
  });
}

/** Types `text` into the focused element of the page, then presses `keys` (Playwright key names). */
export async function typeKeys(text: string, ...keys: string[]): Promise<void> {
  await callDriver('/keyboard', { type: text, press: keys.join(',') });
}

/** Clicks the first visible element matching `selector`, as the user's mouse would. */
export async function clickWorkbench(selector: string): Promise<void> {
  await callDriver('/click', { selector });
}
