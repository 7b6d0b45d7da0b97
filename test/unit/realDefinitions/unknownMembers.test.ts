// "Unknown member" on a real document must mean a member the reference does not know: a typo, a
// member in the wrong place, or one no reference schema or fact names. Members the dashboard
// writes and options of the streams engine are declared (docs/language-server.md). This pins the
// warnings left on the carried real definitions, each with why it stays (checks.ts); a new one
// fails the test.
import { CARRIED, unknownMembers } from './checks';

unknownMembers(CARRIED);
