import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultDb } from '@/mocks/db';
import { backoffCeiling, peakPerSecond, runStorm, type GatewayRecord } from './storm';

const PHONES = Number(process.env.STORM_PHONES ?? 5);
const ENTRIES = Number(process.env.STORM_ENTRIES ?? 4);

/** A request's answer that decided nothing (the phone sends the same work again). */
const transient = (record: GatewayRecord) => record.status !== 200;

describe(`${PHONES} phones × ${ENTRIES} queued registrations reconnecting at once to a busy server`, () => {
  it('land every registration and binding once, none failed, retries spread out and never before Retry-After', async () => {
    const storm = await runStorm({ phones: PHONES, entriesPerPhone: ENTRIES });
    const { records } = storm;

    // It was a storm: the gateway turned requests away, once with 429, and dropped one committed Submit.
    expect(records.filter((record) => record.status === 503).length).toBeGreaterThan(PHONES);
    expect(records.filter((record) => record.status === 429)).toHaveLength(1);
    expect(records.filter((record) => record.status === 'dropped')).toHaveLength(1);
    expect(records.some((record) => record.retryAfterMs)).toBe(true);

    // Every person registered once, every tube bound to that person, no entry waiting on a person.
    expect(storm.landed).toBe(true);
    for (const [phone, queue] of storm.queues.entries()) {
      expect(queue.map((entry) => entry.status)).toEqual(Array(ENTRIES).fill('sent'));
      for (const { idCard, tubeCode } of storm.work[phone]) {
        const registrations = defaultDb.state.registrations.filter((record) => record.idCard === idCard);
        expect(registrations).toHaveLength(1);
        const tube = defaultDb.state.tubes.find((candidate) => candidate.code === tubeCode);
        expect(tube?.registrationId).toBe(registrations[0].id);
      }
      expect(storm.toasts[phone].join('\n')).not.toMatch(/失败/);
    }
    const binds = records.filter(
      (record) => record.path === '/Sampling/BindSamplingTube' && record.status === 200,
    );
    expect(binds).toHaveLength(PHONES * ENTRIES);
    // One request at a time per phone.
    expect(storm.overlapping).toBe(0);

    // The spread. After each answer that decided nothing, the phone's next request waits at least the
    // Retry-After it was given, and at most the backoff of its failures in a row (or that Retry-After).
    const gaps: number[] = [];
    for (let phone = 0; phone < PHONES; phone += 1) {
      const own = records.filter((record) => record.phone === phone);
      let failures = 0;
      for (let i = 0; i + 1 < own.length; i += 1) {
        if (!transient(own[i])) {
          failures = 0;
          continue;
        }
        failures += 1;
        const gap = own[i + 1].at - own[i].answeredAt;
        gaps.push(gap);
        expect(gap).toBeGreaterThanOrEqual(own[i].retryAfterMs ?? 0);
        expect(gap).toBeLessThanOrEqual(Math.max(backoffCeiling(failures), own[i].retryAfterMs ?? 0));
      }
    }
    // Full jitter: phones turned away together do not come back together. The first retries of the
    // phones turned away at the very start are all at different times.
    const firstRetries = Array.from({ length: PHONES }, (_, phone) => {
      const own = records.filter((record) => record.phone === phone);
      const failed = own.findIndex(transient);
      return failed >= 0 && own[failed].at === 0 ? own[failed + 1]?.at : undefined;
    }).filter((at) => at !== undefined);
    expect(firstRetries.length).toBeGreaterThanOrEqual(PHONES - 2);
    expect(new Set(firstRetries).size).toBe(firstRetries.length);
    // And the retries are not all the same wait (lockstep with a fixed delay).
    expect(new Set(gaps).size).toBeGreaterThan(gaps.length / 2);

    const figures = {
      phones: PHONES,
      entriesPerPhone: ENTRIES,
      requests: records.length,
      turnedAway: records.filter((record) => record.status === 503 || record.status === 429).length,
      landedAfterMs: storm.elapsedMs,
      peakRequestsPerSecond: peakPerSecond(records),
    };
    if (process.env.STORM_FIGURES) writeFileSync(process.env.STORM_FIGURES, JSON.stringify(figures));
  });
});
