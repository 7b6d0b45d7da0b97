export declare const SECRET_PLACEHOLDER = "<secret kept on the server>";
/** The secrets a user can set with the command: path in the session and a label. */
export declare const SETTABLE_SECRETS: ReadonlyArray<{
    path: readonly string[];
    label: string;
}>;
type Json = Record<string, unknown>;
/** A copy of the session with every non-empty secret replaced by the placeholder; `found` lists their paths. */
export declare function redactSecrets(session: unknown): {
    document: unknown;
    found: string[][];
};
/** Paths in `document` holding the placeholder. */
export declare function placeholderPaths(document: unknown): string[][];
export declare class MissingServerSecretError extends Error {
}
/**
 * The document to send: each placeholder replaced by the server's current value at that path.
 * A placeholder where the server has no value cannot mean "keep": refused with the member named.
 */
export declare function restoreSecrets(document: unknown, serverSession: unknown): unknown;
export declare function valueAt(value: unknown, path: readonly string[]): unknown;
/** Sets `path` in `target`, creating objects on the way. */
export declare function setAt(target: Json, path: readonly string[], value: unknown): void;
export {};
