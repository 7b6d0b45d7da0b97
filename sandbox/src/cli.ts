// svc-sandbox: placeholder until the sandbox lands.
console.error('svc-sandbox: not built yet');
process.exit(2);
