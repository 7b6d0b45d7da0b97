/** Compiles a glob to an anchored regular expression over `/`-separated paths. */
export declare function globToRegExp(glob: string): RegExp;
/**
 * Whether `path` (with `/` separators) matches `glob`. A pattern without a `/` matches the file
 * name, as in VS Code's `files.associations`; a relative pattern may match at any folder.
 */
export declare function matchGlob(glob: string, path: string): boolean;
/** True when the text contains glob syntax (svc-lint expands those arguments). */
export declare function hasGlobSyntax(text: string): boolean;
