// svc-sandbox [--port 0] [--data DIR] [--memory] [--host 127.0.0.1] [--no-seed] [--spec-only] [--write-defaults]
//             [--gateway-secret S] [--dashboard-token T] [--admin-secret A]
// Starts the sandbox, prints its base URL and the three credentials, and stops cleanly on
// SIGINT/SIGTERM. Credentials may also come from SVC_SANDBOX_GATEWAY_SECRET,
// SVC_SANDBOX_DASHBOARD_TOKEN and SVC_SANDBOX_ADMIN_SECRET; otherwise they are generated once per
// data folder and kept there.
import { parseArgs } from 'node:util';
import { startSandbox } from './start.js';

const USAGE =
  'usage: svc-sandbox [--port 0] [--data DIR] [--memory] [--host 127.0.0.1] [--no-seed] [--spec-only] [--write-defaults] ' +
  '[--gateway-secret S] [--dashboard-token T] [--admin-secret A]';

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: '0' },
        data: { type: 'string' },
        memory: { type: 'boolean', default: false },
        host: { type: 'string', default: '127.0.0.1' },
        'no-seed': { type: 'boolean', default: false },
        'spec-only': { type: 'boolean', default: false },
        'write-defaults': { type: 'boolean', default: false },
        'gateway-secret': { type: 'string' },
        'dashboard-token': { type: 'string' },
        'admin-secret': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`svc-sandbox: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`svc-sandbox: --port must be an integer from 0 to 65535\n${USAGE}`);
    return 2;
  }
  const env = process.env;
  // Listen for signals before starting, so a stop requested during start-up is a clean stop too.
  const stopRequested = new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      console.error(`[sandbox] ${signal}: stopping`);
      resolve();
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  const sandbox = await startSandbox({
    port,
    host: values.host,
    dataDir: values.data,
    memory: values.memory,
    seed: !values['no-seed'],
    specOnly: values['spec-only'],
    writeDefaults: values['write-defaults'],
    credentials: {
      gatewaySecret: values['gateway-secret'] ?? env.SVC_SANDBOX_GATEWAY_SECRET,
      dashboardToken: values['dashboard-token'] ?? env.SVC_SANDBOX_DASHBOARD_TOKEN,
      adminSecret: values['admin-secret'] ?? env.SVC_SANDBOX_ADMIN_SECRET,
    },
    log: (line) => console.error(line),
    announce: false, // one `listening on` line: the one below, which scripts read
  });
  // The credentials go to stdout on purpose: this is a local sandbox and the user must copy them.
  console.log(`Svc sandbox listening on ${sandbox.url}${values['spec-only'] ? ' (spec endpoints only)' : ''}`);
  console.log(`  data folder:         ${sandbox.dataDir ?? '(memory only)'}`);
  console.log(`  X-Svc-Authorization: ${sandbox.credentials.gatewaySecret}`);
  console.log(`  Authorization:       Bearer ${sandbox.credentials.dashboardToken}`);
  console.log(`  Admin-Auth:          ${sandbox.credentials.adminSecret}`);

  await stopRequested;
  await sandbox.close();
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(`svc-sandbox: ${(error as Error).message}`);
    process.exitCode = 1;
  },
);
