// The analytics panel's HTML: a strict Content Security Policy (nothing but our own script,
// with a fresh nonce, and our own stylesheet), VS Code's theme variables for every colour
// (analytics.css). Free of `vscode` so the CSP can be unit-tested.
export interface WebviewAssets {
  /** `webview.cspSource`: the origin VS Code serves local resources from. */
  cspSource: string;
  scriptUri: string;
  styleUri: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return ["default-src 'none'", `img-src ${cspSource} data:`, `style-src ${cspSource}`, `font-src ${cspSource}`, `script-src 'nonce-${nonce}'`].join('; ');
}

export function analyticsHtml(assets: WebviewAssets, nonce: string, title: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(assets.cspSource, nonce)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeHtml(assets.styleUri)}">
<title>${escapeHtml(title)}</title>
</head>
<body>
<header>
  <div>
    <h1 id="title">${escapeHtml(title)}</h1>
    <p id="summary" class="summary">Loading…</p>
  </div>
  <button id="export" type="button" disabled>Export CSV…</button>
</header>
<section id="chart" class="chart" aria-label="Hits, errors and latency per day"></section>
<p id="empty" class="empty" hidden>No traffic in this date range.</p>
<table id="table"><thead></thead><tbody></tbody></table>
<script nonce="${nonce}" src="${escapeHtml(assets.scriptUri)}"></script>
</body>
</html>`;
}
