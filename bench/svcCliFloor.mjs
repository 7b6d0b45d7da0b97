// The floor `npm run bench:cli` measures `svc` against (issue 32): a plain Node script that does
// the least a tool can do. `pull DIR`: read endpoint 10's listing (`p=-1`, and the server's own
// pages when it pages anyway, 4 in flight: as the client does, api/src/listingWalk.ts) and write
// each definition to a file. `hash DIR`: read the listing the same way and hash each file of DIR.
// Connection from SVC_DASHBOARD_URL and SVC_DASHBOARD_TOKEN, as svc takes it.
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { createHash } from 'node:crypto';

const [mode, dir] = process.argv.slice(2);
const base = process.env.SVC_DASHBOARD_URL;
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

const get = (p) =>
  new Promise((resolve, reject) => {
    http
      .get(`${base}/api/apis?p=${p}`, { agent, headers: { Authorization: process.env.SVC_DASHBOARD_TOKEN, Accept: 'application/json' } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          res.statusCode === 200 ? resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))) : reject(new Error(`HTTP ${res.statusCode}`)),
        );
      })
      .on('error', reject);
  });

async function listing() {
  const first = await get(-1);
  const apis = [...(first.apis ?? [])];
  const pages = first.pages ?? 1;
  for (let p = 2; p <= pages; p += 4) {
    const batch = await Promise.all(Array.from({ length: Math.min(4, pages - p + 1) }, (_, i) => get(p + i)));
    for (const page of batch) apis.push(...(page.apis ?? []));
  }
  return apis;
}

const apis = await listing();
if (mode === 'pull') {
  fs.mkdirSync(dir, { recursive: true });
  for (const [i, record] of apis.entries()) {
    const document = record.oas ?? record.api_definition;
    fs.writeFileSync(path.join(dir, `api-${i}.json`), `${JSON.stringify(document, null, 2)}\n`);
  }
} else if (mode === 'hash') {
  let n = 0;
  for (const name of fs.readdirSync(dir)) {
    createHash('sha256')
      .update(fs.readFileSync(path.join(dir, name)))
      .digest('hex');
    n++;
  }
  if (n === 0) throw new Error('nothing to hash');
} else {
  throw new Error('usage: svcCliFloor.mjs pull|hash DIR');
}
agent.destroy();
