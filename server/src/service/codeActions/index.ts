export { quickFixes, type QuickFixOptions } from './quickFixes';
export { formatGoDuration, formatIsoDuration, parseGoDuration, parseIsoDuration, durationSeconds } from './durations';
