// A loopback HTTP endpoint through which the suite reaches the workbench page. The suite runs
// in the extension host (a Node process) and cannot touch the Playwright page that the runner
// holds, so the runner serves, on 127.0.0.1 at the URL it passes as SVC_E2E_DRIVER_URL:
//   POST /screenshot?name=<name>   → saves <dir>/<name>.png, answers its path
//   POST /query?selector=<css>     → answers JSON [{text, ariaLabel, visible}] for the matches,
//                                    so tests can assert what a user sees (view titles, tree rows)
//   POST /keyboard?type=<text>&press=<key> → types into the focused element, then presses keys
//                                    (Playwright names, comma-separated), as a user at the keyboard
//   POST /click?selector=<css>     → clicks the first visible match (what a user's mouse would do)
import { createServer } from 'node:http';
import { join } from 'node:path';

export function startWorkbenchEndpoint({ dir, getPage, onShot = () => {} }) {
  const routes = {
    async '/screenshot'(params) {
      const name = (params.get('name') || '').replace(/[^A-Za-z0-9._-]/g, '-');
      if (!name) throw Object.assign(new Error('name is required'), { status: 400 });
      const path = join(dir, `${name}.png`);
      await page().screenshot({ path });
      onShot(path);
      return path;
    },
    async '/query'(params) {
      const selector = params.get('selector');
      if (!selector) throw Object.assign(new Error('selector is required'), { status: 400 });
      const found = await page().$$eval(selector, (elements) =>
        elements.map((e) => ({
          text: (e.textContent || '').trim().slice(0, 500),
          ariaLabel: e.getAttribute('aria-label'),
          visible: e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden',
        })),
      );
      return JSON.stringify(found);
    },
    async '/keyboard'(params) {
      const text = params.get('type');
      if (text) await page().keyboard.type(text);
      for (const key of (params.get('press') || '').split(',').filter(Boolean)) await page().keyboard.press(key);
      return 'ok';
    },
    async '/click'(params) {
      const selector = params.get('selector');
      if (!selector) throw Object.assign(new Error('selector is required'), { status: 400 });
      await page().locator(selector).filter({ visible: true }).first().click({ timeout: 5000 });
      return 'ok';
    },
  };
  function page() {
    const p = getPage();
    if (!p) throw new Error('the workbench page is not open yet');
    return p;
  }
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    const route = routes[url.pathname];
    if (req.method !== 'POST' || !route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('POST /screenshot?name=, /query?selector=, /keyboard?type=&press= or /click?selector=');
      return;
    }
    try {
      const body = await route(url.searchParams);
      res.writeHead(200, { 'content-type': 'text/plain' }).end(body);
    } catch (e) {
      res.writeHead(e.status || 500, { 'content-type': 'text/plain' }).end(String(e?.message || e));
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((r) => {
            server.close(() => r());
            server.closeAllConnections();
          }),
      });
    });
  });
}
