// A reporter for node's test runner that counts from the runner's structured events, never from
// text a test could print. It writes one JSON object (see tally.mjs) to its destination:
//   node --test --test-reporter=./scripts/lib/tally-reporter.mjs --test-reporter-destination=FILE …
// Why events and not the TAP summary: a test that prints "# pass 999" cannot inflate them, and a
// test file that calls process.exit() mid-run leaves tests that were enqueued but never reported,
// which we count as failures instead of letting them vanish.
import { Tally } from './tally.mjs';

export default async function* tallyReporter(source) {
  const tally = new Tally();
  for await (const event of source) tally.add(event);
  yield JSON.stringify(tally.result()) + '\n';
}
