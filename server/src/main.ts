// Entry point of the Svc language server: wiring only (stdio or IPC as the client chooses).
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './lsp/server';

startServer(createConnection(ProposedFeatures.all));
