// Entry point of the Svc language server: wiring only. Placeholder until the language
// service lands: publishes jsonc-parser syntax errors so the client/server wiring is proven.
import { createConnection, ProposedFeatures, TextDocuments, TextDocumentSyncKind, DiagnosticSeverity } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);

connection.onInitialize(() => ({
  capabilities: { textDocumentSync: TextDocumentSyncKind.Incremental },
  serverInfo: { name: 'svc-language-server' },
}));

function validate(doc: TextDocument): void {
  const errors: ParseError[] = [];
  parse(doc.getText(), errors, { allowTrailingComma: false, disallowComments: doc.languageId === 'json' });
  connection.sendDiagnostics({
    uri: doc.uri,
    version: doc.version,
    diagnostics: errors.map((e) => ({
      range: { start: doc.positionAt(e.offset), end: doc.positionAt(e.offset + e.length) },
      severity: DiagnosticSeverity.Error,
      source: 'svc',
      code: printParseErrorCode(e.error),
      message: printParseErrorCode(e.error),
    })),
  });
}

documents.onDidChangeContent((e) => validate(e.document));
documents.onDidClose((e) => connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] }));
documents.listen(connection);
connection.listen();
