// Small helpers shared by the semantic rules: safe member access and problem builders.

import { DiagnosticSeverity } from 'vscode-languageserver-types';
import type { Problem, ProblemTarget } from '../problem';

export type Json = Record<string, unknown>;

export function obj(value: unknown): Json | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
}

export function arr(value: unknown): unknown[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

export function error(pointer: string, target: ProblemTarget, code: string, message: string, data?: Problem['data']): Problem {
  return { pointer, target, code, message, severity: DiagnosticSeverity.Error, data };
}

export function warning(pointer: string, target: ProblemTarget, code: string, message: string, data?: Problem['data']): Problem {
  return { pointer, target, code, message, severity: DiagnosticSeverity.Warning, data };
}
