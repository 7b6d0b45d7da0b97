// How the language server's Node process is started, in one place: the client launches it with
// these V8 flags, and `npm run bench` measures it launched the same way.
// A young generation of at most 4 MB per semi-space (V8's default grows to 16 MB): parsing and
// validating a 2 MB document then leaves the server at ~95 MB resident instead of ~115 MB, for
// a few more (cheap) scavenges. See docs/performance.md.
export const SERVER_EXEC_ARGV: readonly string[] = ['--max-semi-space-size=4'];
