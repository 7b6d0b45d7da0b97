// The pure parts of the analytics panel: date range, records → per-day series, CSV, paging, CSP.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { AnalyticsEnvelope, AnalyticsRecord } from '../../../api/src';
import { aggregateByDay, recordDay } from '../../../client/src/workflows/analytics/aggregate';
import { csvField, seriesToCsv } from '../../../client/src/workflows/analytics/csv';
import { lastSevenDays, parseDay, parseRange, validateDay } from '../../../client/src/workflows/analytics/dateRange';
import { fetchAllPages } from '../../../client/src/workflows/analytics/fetchAll';
import { analyticsHtml, contentSecurityPolicy } from '../../../client/src/workflows/analytics/webviewHtml';

const rec = (day: number, hits: number, error: number, latency: number, extra: Partial<AnalyticsRecord> = {}): AnalyticsRecord => ({
  hits,
  error,
  success: hits - error,
  latency,
  max_latency: latency * 2,
  id: { year: 2024, month: 3, day },
  ...extra,
});

test('default range: the 7 days ending today, across a month boundary', () => {
  assert.deepEqual(lastSevenDays(new Date('2024-03-03T15:00:00Z')), { start: '2024-02-26', end: '2024-03-03' });
});

test('dates: real calendar days only; start not after end; range bounded', () => {
  assert.deepEqual(parseDay('2024-02-29'), { year: 2024, month: 2, day: 29 });
  assert.equal(parseDay('2023-02-29'), undefined);
  assert.equal(parseDay('03/01/2024'), undefined);
  assert.match(validateDay('2024-13-01')!, /is not a date: write YYYY-MM-DD/);
  const ok = parseRange('2024-03-01', '2024-03-07');
  assert.ok(ok.ok && ok.days === 7);
  assert.deepEqual(ok.ok && ok.range, { start: { year: 2024, month: 3, day: 1 }, end: { year: 2024, month: 3, day: 7 } });
  const reversed = parseRange('2024-03-07', '2024-03-01');
  assert.equal(!reversed.ok && reversed.message, 'The start 2024-03-07 is after the end 2024-03-01.');
  const long = parseRange('2020-01-01', '2024-01-01');
  assert.match(!long.ok ? long.message : '', /ask for at most 366/);
});

test('aggregation: one point per day, sums, hits-weighted latency, gaps as null', () => {
  const records = [rec(1, 100, 2, 50), rec(1, 300, 30, 150), rec(3, 10, 0, 20), rec(9, 5, 0, 1)];
  const series = aggregateByDay(records, { year: 2024, month: 3, day: 1 }, { year: 2024, month: 3, day: 3 });
  assert.deepEqual(
    series.points.map((p) => [p.day, p.hits, p.errors, p.success, p.latency, p.maxLatency]),
    [
      ['2024-03-01', 400, 32, 368, 125, 300],
      ['2024-03-02', 0, 0, 0, null, null],
      ['2024-03-03', 10, 0, 10, 20, 40],
    ],
  );
  assert.equal(series.points[0].time, Date.UTC(2024, 2, 1) / 1000);
  assert.equal(series.skipped, 1, 'the record of day 9 is outside the range');
  // (100*50 + 300*150 + 10*20) / 410
  assert.deepEqual(series.summary, { records: 3, hits: 410, errors: 32, latency: 122.44 });
});

test('aggregation: success falls back to hits − errors; a day comes from last_hit when id lacks it', () => {
  const noSuccess: AnalyticsRecord = { hits: 10, error: 3, latency: 5, last_hit: '2024-03-02T23:30:00Z' };
  assert.equal(recordDay(noSuccess), '2024-03-02');
  const series = aggregateByDay([noSuccess, { hits: 1 }], { year: 2024, month: 3, day: 2 }, { year: 2024, month: 3, day: 2 });
  assert.equal(series.points[0].success, 7);
  assert.equal(series.skipped, 1);
  assert.equal(aggregateByDay([], { year: 2024, month: 3, day: 2 }, { year: 2024, month: 3, day: 2 }).summary.latency, null);
});

test('CSV: header, one CRLF line per day, empty cells for gaps, quoting and formula guard', () => {
  const series = aggregateByDay([rec(1, 10, 1, 12.5)], { year: 2024, month: 3, day: 1 }, { year: 2024, month: 3, day: 2 });
  assert.equal(seriesToCsv(series.points), 'day,hits,errors,success,latency_ms,max_latency_ms\r\n2024-03-01,10,1,9,12.5,25\r\n2024-03-02,0,0,0,,\r\n');
  assert.equal(csvField('a,b'), '"a,b"');
  assert.equal(csvField('say "hi"'), '"say ""hi"""');
  assert.equal(csvField('=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`);
  assert.equal(csvField(-3), '-3');
});

test('paging: reads page 1..pages, reports progress, stops on an empty page', async () => {
  const pages: Record<number, AnalyticsEnvelope> = {
    1: { data: [rec(1, 1, 0, 1)], pages: 3 },
    2: { data: [rec(2, 1, 0, 1)], pages: 3 },
    3: { data: [rec(3, 1, 0, 1)], pages: 3 },
  };
  const asked: number[] = [];
  const progress: string[] = [];
  const records = await fetchAllPages(async (p) => (asked.push(p), pages[p]), { onProgress: (x) => progress.push(`${x.page}/${x.pages}:${x.records}`) });
  assert.equal(records.length, 3);
  assert.deepEqual(asked, [1, 2, 3]);
  assert.deepEqual(progress, ['1/3:1', '2/3:2', '3/3:3']);
  assert.deepEqual(await fetchAllPages(async () => ({ data: null, pages: 0 })), []);
  const stopped: number[] = [];
  await fetchAllPages(async (p) => (stopped.push(p), { data: p === 1 ? [rec(1, 1, 0, 1)] : [], pages: 5 }));
  assert.deepEqual(stopped, [1, 2]);
});

test('paging: a cancelled signal stops before the next page', async () => {
  const controller = new AbortController();
  const asked: number[] = [];
  await assert.rejects(
    fetchAllPages(
      async (p) => {
        asked.push(p);
        controller.abort();
        return { data: [rec(1, 1, 0, 1)], pages: 4 };
      },
      { signal: controller.signal },
    ),
    { name: 'AbortError' },
  );
  assert.deepEqual(asked, [1]);
});

test('webview HTML: strict CSP with the nonce on the one script; no inline script or style allowed', () => {
  const csp = contentSecurityPolicy('vscode-webview://abc', 'N0NCE');
  assert.equal(
    csp,
    "default-src 'none'; img-src vscode-webview://abc data:; style-src vscode-webview://abc; font-src vscode-webview://abc; script-src 'nonce-N0NCE'",
  );
  const html = analyticsHtml(
    { cspSource: 'vscode-webview://abc', scriptUri: 'https://r/analytics.js', styleUri: 'https://r/analytics.css' },
    'N0NCE',
    'Analytics: <c1>',
  );
  assert.match(html, /<script nonce="N0NCE" src="https:\/\/r\/analytics.js"><\/script>/);
  assert.equal((html.match(/<script/g) ?? []).length, 1);
  assert.ok(!/unsafe-inline|unsafe-eval/.test(html));
  assert.ok(html.includes('Analytics: &#60;c1&#62;'), 'the title is escaped');
});
