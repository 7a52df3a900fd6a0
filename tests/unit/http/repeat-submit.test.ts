import { ApiError } from '@/lib/http';
import { REPEAT_SUBMIT_MESSAGE } from '@/lib/http/messages';
import { guardRepeatSubmit, releaseRepeatSubmit } from '@/lib/http/repeat-submit';

const T0 = 1_700_000_000_000;

function refusal(run: () => void): ApiError | null {
  try {
    run();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
}

describe('guardRepeatSubmit', () => {
  it.each([
    ['/a', { x: 1 }, T0 + 1, 'same url and body 1 ms later'],
    ['/a', { x: 1 }, T0 + 999, 'same url and body 999 ms later'],
    ['/a', { x: 1 }, T0, 'same url and body at the same instant'],
  ])('refuses %s %j at %i (%s)', (url, data, now) => {
    guardRepeatSubmit('/a', { x: 1 }, T0);
    const error = refusal(() => guardRepeatSubmit(url, data, now));
    expect(error?.kind).toBe('repeat-submit');
    expect(error?.message).toBe(REPEAT_SUBMIT_MESSAGE);
  });

  it.each<[string, unknown, number, string]>([
    ['/a', { x: 1 }, T0 + 1000, 'same request 1000 ms later: the window is over'],
    ['/a', { x: 2 }, T0 + 1, 'different body'],
    ['/b', { x: 1 }, T0 + 1, 'different url'],
    ['/a', undefined, T0 + 1, 'no body'],
  ])('lets %s %j at %i through (%s)', (url, data, now) => {
    guardRepeatSubmit('/a', { x: 1 }, T0);
    expect(refusal(() => guardRepeatSubmit(url, data, now))).toBeNull();
  });

  it('compares a string body with the JSON of an object body', () => {
    guardRepeatSubmit('/a', { x: 1 }, T0);
    expect(refusal(() => guardRepeatSubmit('/a', '{"x":1}', T0 + 1))?.kind).toBe('repeat-submit');
  });

  it('compares with the last request only', () => {
    guardRepeatSubmit('/a', { x: 1 }, T0);
    guardRepeatSubmit('/a', { x: 2 }, T0 + 10);
    expect(refusal(() => guardRepeatSubmit('/a', { x: 1 }, T0 + 20))).toBeNull();
  });

  it('a refused repeat does not restart the window', () => {
    guardRepeatSubmit('/a', { x: 1 }, T0);
    refusal(() => guardRepeatSubmit('/a', { x: 1 }, T0 + 900));
    expect(refusal(() => guardRepeatSubmit('/a', { x: 1 }, T0 + 1000))).toBeNull();
  });

  it('releaseRepeatSubmit lets the same request through at once; another release is ignored', () => {
    guardRepeatSubmit('/a', { x: 1 }, T0);
    releaseRepeatSubmit('/a', { x: 2 });
    expect(refusal(() => guardRepeatSubmit('/a', { x: 1 }, T0 + 1))?.kind).toBe('repeat-submit');
    releaseRepeatSubmit('/a', '{"x":1}');
    expect(refusal(() => guardRepeatSubmit('/a', { x: 1 }, T0 + 2))).toBeNull();
  });

  // The record measured is {"url":"/u","data":"…","time":1700000000000}: 43 bytes around the data.
  it.each([
    ['exactly 5242880 bytes', 'a'.repeat(5242880 - 43)],
    ['6 MB', 'a'.repeat(6 * 1024 * 1024)],
    [
      'fewer than 5242880 characters but 5242880 bytes or more in UTF-8',
      '检'.repeat(Math.ceil((5242880 - 43) / 3)),
    ],
  ])('skips the check with a console warning: %s', (_size, data) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    guardRepeatSubmit('/u', data, T0);
    expect(refusal(() => guardRepeatSubmit('/u', data, T0 + 1))).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0][0])).toContain('/u');
  });

  it('checks a request of 5242879 bytes, one under the cap, without a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const data = 'a'.repeat(5242879 - 43);
    guardRepeatSubmit('/u', data, T0);
    expect(refusal(() => guardRepeatSubmit('/u', data, T0 + 1))?.kind).toBe('repeat-submit');
    expect(warn).not.toHaveBeenCalled();
  });
});
