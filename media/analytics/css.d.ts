// esbuild bundles imported stylesheets into dist/webview/analytics.css; TypeScript only needs to know they exist.
declare module '*.css';
