// The analytics chart's x axis for daily data: ticks on whole UTC days, labelled by day.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dayLabels, dayTicks, ticksThatFit } from '../../../client/src/workflows/analytics/dayTicks';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;

test('seven days of daily data get seven day ticks, labelled by day, no hours', () => {
  const ticks = dayTicks(day('2026-11-18'), day('2026-11-24'), 10);
  assert.deepEqual(
    ticks,
    [18, 19, 20, 21, 22, 23, 24].map((d) => day(`2026-11-${d}`)),
  );
  assert.deepEqual(dayLabels(ticks), ['Nov 18', 'Nov 19', 'Nov 20', 'Nov 21', 'Nov 22', 'Nov 23', 'Nov 24']);
  for (const t of ticks) assert.equal(t % 86_400, 0, 'every tick at midnight UTC');
});

test('a long range shows every n-th day so the labels fit; never more than asked', () => {
  const ticks = dayTicks(day('2026-01-01'), day('2026-03-31'), 8);
  assert.ok(ticks.length <= 8 && ticks.length >= 7, String(ticks.length));
  const steps = new Set(ticks.slice(1).map((t, i) => (t - ticks[i]) / 86_400));
  assert.equal(steps.size, 1, 'an even step');
  assert.ok([...steps][0] >= 12);
});

test('a range inside one day still ticks at most its midnight; a reversed range none', () => {
  assert.deepEqual(dayTicks(day('2026-11-18'), day('2026-11-18'), 5), [day('2026-11-18')]);
  assert.deepEqual(dayTicks(day('2026-11-18') + 3600, day('2026-11-18') + 7200, 5), []);
  assert.deepEqual(dayTicks(day('2026-11-19'), day('2026-11-18'), 5), []);
});

test('the year shows only when the ticks span two years', () => {
  assert.deepEqual(dayLabels([day('2025-12-31'), day('2026-01-01')]), ['Dec 31, 2025', 'Jan 1, 2026']);
  assert.equal(ticksThatFit(700), 10);
  assert.equal(ticksThatFit(50), 2);
});
