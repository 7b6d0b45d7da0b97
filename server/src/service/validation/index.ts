// Public surface of the validation service.
export { validate, validateAs, type ValidationServices } from './validate';
// The workspace index lives with navigation (one index for the duplicate rule, links and navigation).
export { WorkspaceModel as WorkspaceIndex } from '../index/workspaceModel';
export { Codes } from './codes';
export { DEFAULT_VALIDATION_SETTINGS, type ValidationSettings, type SvcDiagnosticData, type Problem } from './types';
export { placeholderFor, placeholderFromSchemas } from './placeholders';
export { closestName, editDistance } from './suggest';
export { DIAGNOSTIC_SOURCE } from './toDiagnostics';
