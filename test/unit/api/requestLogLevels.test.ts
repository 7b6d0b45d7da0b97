// The request log's levels: a request sent at debug, what came of it (status, timeout, network
// error) at info, so the Output channel at its default level shows outcomes, not every request.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as net from 'node:net';
import { ManagementClient } from '../../../api/src';
import type { RequestLogLevel } from '../../../api/src/connection';
import { ClientProvider } from '../../../client/src/environments/clientProvider';
import type { EnvironmentService } from '../../../client/src/environments/environmentService';
import type { Logger } from '../../../client/src/logging/logger';
import { configFor, json, startServer } from './servers';

test('requests are logged at debug, responses and failures at info', async () => {
  const lines: Array<[RequestLogLevel, string]> = [];
  const server = await startServer((_req, res) => json(res, 200, []));
  try {
    await new ManagementClient(configFor(server.url, { logger: (line, level) => lines.push([level, line]) })).listPolicies();
  } finally {
    await server.close();
  }
  assert.deepEqual(
    lines.map(([level, line]) => `${level} ${line.charAt(0)}`),
    ['debug →', 'info ←'],
  );
  // A closed port: the failure is an outcome too.
  const closed = net.createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  const port = (closed.address() as net.AddressInfo).port;
  await new Promise<void>((r) => closed.close(() => r()));
  const failed: Array<[RequestLogLevel, string]> = [];
  await assert.rejects(
    new ManagementClient(configFor(`http://127.0.0.1:${port}`, { retries: 0, logger: (line, level) => failed.push([level, line]) })).listPolicies(),
  );
  assert.deepEqual(
    failed.map(([level, line]) => `${level} ${line.charAt(0)}`),
    ['debug →', 'info ✗'],
  );
});

test('the extension routes request lines to debug and outcomes to info on its log channel', async () => {
  const seen: string[] = [];
  const log: Logger = {
    trace: (m) => seen.push(`trace ${m}`),
    debug: (m) => seen.push(`debug ${m}`),
    info: (m) => seen.push(`info ${m}`),
    warn: (m) => seen.push(`warn ${m}`),
    error: (m) => seen.push(`error ${m}`),
  };
  const server = await startServer((_req, res) => json(res, 200, []));
  const environments = {
    onDidChange: () => ({ dispose() {} }),
    connectionFor: async (_env: unknown, options: { logger: (line: string, level: RequestLogLevel) => void }) =>
      configFor(server.url, { logger: options.logger }),
    setHealth: () => undefined,
  } as unknown as EnvironmentService;
  try {
    const provider = new ClientProvider(environments, log);
    const client = await provider.clientFor({ name: 'Test' } as never);
    await client.listPolicies();
  } finally {
    await server.close();
  }
  assert.deepEqual(
    seen.map((l) => l.slice(0, l.indexOf(' ') + 2)),
    ['debug →', 'info ←'],
  );
});
