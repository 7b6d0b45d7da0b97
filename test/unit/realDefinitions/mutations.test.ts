// The other side of "no false errors": a wrong JSON type or a value outside a closed set in a
// real document must still be an error. Each real document (of those with zero errors) is
// mutated at members our schema types, one member at a time; at least 95% of the mutations of
// each kind must be caught.
import { CARRIED, mutationsCaught } from './checks';

mutationsCaught(CARRIED);
