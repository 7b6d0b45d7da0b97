// One truth: the sandbox's validator (the shared core's `refusalsOf`, errors only) and the
// language server's error diagnostics agree on every real document and on mutations of them.
import { CARRIED, oneTruth } from './checks';

oneTruth(CARRIED);
