// One mistake, one message: give one member of a real document a value of another JSON type and
// the editor adds exactly one error, not a type error beside an enum error, nor a rule's error
// that only repeats what the schema says. Every third member of every real document, to depth 6.
import { CARRIED, oneMistakeOneMessage } from './checks';

oneMistakeOneMessage(CARRIED);
