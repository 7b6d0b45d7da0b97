// Moved to the shared validation core (validation/src/), which the sandbox uses too.
export * from '../../../validation/src/schemas/keywords';
