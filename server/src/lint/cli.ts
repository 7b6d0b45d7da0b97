// svc-lint: placeholder until the language service lands.
console.error('svc-lint: not built yet');
process.exit(2);
