// Durations in the three spellings Svc documents meet: integer seconds (OAS spec form),
// Go-style `1m30s` (the reference gateway) and ISO 8601 `PT1M30S` (streams spec form).
// The gateway writes the shortest Go form: 60 → "1m", 90 → "1m30s", 0 → "0s".

const GO = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/;
const ISO = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

/** Seconds of `1h2m3s`, or undefined when it is not that form. */
export function parseGoDuration(text: string): number | undefined {
  const m = GO.exec(text.trim());
  if (!m || text.trim() === '') return undefined;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

/** Seconds of `P1DT2H3M4S`, or undefined. */
export function parseIsoDuration(text: string): number | undefined {
  const m = ISO.exec(text.trim());
  if (!m || text.trim() === 'P' || text.trim().endsWith('T')) return undefined;
  return Number(m[1] ?? 0) * 86400 + Number(m[2] ?? 0) * 3600 + Number(m[3] ?? 0) * 60 + Number(m[4] ?? 0);
}

export function formatGoDuration(seconds: number): string {
  if (seconds <= 0) return '0s';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return (h ? `${h}h` : '') + (m ? `${m}m` : '') + (s ? `${s}s` : '');
}

export function formatIsoDuration(seconds: number): string {
  if (seconds <= 0) return 'PT0S';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return 'PT' + (h ? `${h}H` : '') + (m ? `${m}M` : '') + (s ? `${s}S` : '');
}

/** Seconds of any of the three spellings. */
export function durationSeconds(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  return parseGoDuration(value) ?? parseIsoDuration(value);
}
