import { fireEvent, render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  COLLECTED_AT_FUTURE_MESSAGE,
  COLLECTED_AT_REQUIRED_MESSAGE,
  CollectionTimeField,
  formatDateTime,
  toDateTimeString,
  validateCollectedAt,
} from '@/features/registration/components/collection-time-field';

const NOW = new Date('2026-11-23T10:30:00+08:00');

describe('validateCollectedAt', () => {
  it.each([
    ['empty', '', COLLECTED_AT_REQUIRED_MESSAGE],
    ['null', null, COLLECTED_AT_REQUIRED_MESSAGE],
    ['not a date', 'yesterday', COLLECTED_AT_REQUIRED_MESSAGE],
    ['an hour ago', '2026-11-23T09:30:00+08:00', null],
    ['now', '2026-11-23T10:30:00+08:00', null],
    ['within the minute of slack', '2026-11-23T10:30:59+08:00', null],
    ['two minutes ahead', '2026-11-23T10:32:00+08:00', COLLECTED_AT_FUTURE_MESSAGE],
    ['tomorrow', '2026-11-24T10:30:00+08:00', COLLECTED_AT_FUTURE_MESSAGE],
  ])('%s → %s', (_, value, message) => {
    expect(validateCollectedAt(value, NOW)).toBe(message);
  });

  it('says 请选择采集时间 and 采集时间不能晚于现在', () => {
    expect(COLLECTED_AT_REQUIRED_MESSAGE).toBe('请选择采集时间');
    expect(COLLECTED_AT_FUTURE_MESSAGE).toBe('采集时间不能晚于现在');
  });
});

describe('toDateTimeString and formatDateTime', () => {
  it('writes the contract’s ISO date-time with the device offset, to the minute', () => {
    const written = toDateTimeString(new Date(2026, 10, 23, 9, 5, 42, 7));
    expect(written).toMatch(/^2026-11-23T09:05:00[+-]\d\d:\d\d$/);
    expect(formatDateTime(written)).toBe('2026-11-23 09:05');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('garbage')).toBe('');
  });

  it.each([
    ['winter', new Date(2026, 0, 5, 23, 59, 59)],
    ['summer', new Date(2026, 6, 5, 0, 0, 1)],
  ])('writes the same instant and offset as dayjs would (%s)', (_, date) => {
    expect(toDateTimeString(date)).toBe(dayjs(date).second(0).millisecond(0).format('YYYY-MM-DDTHH:mm:ssZ'));
  });

  it('shows a server time in the phone’s own time zone', () => {
    const server = '2026-11-03T09:30:00+08:00';
    expect(formatDateTime(server)).toBe(dayjs(server).format('YYYY-MM-DD HH:mm'));
  });
});

function Harness({ initial, onChange }: { initial: string | null; onChange: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="t">采集时间</label>
      <CollectionTimeField
        id="t"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </>
  );
}

describe('<CollectionTimeField>', () => {
  it('is the platform date-time input, named by its label, offering the past year up to now', () => {
    const value = toDateTimeString(new Date());
    render(<Harness initial={value} onChange={vi.fn()} />);
    const input = screen.getByLabelText('采集时间');
    expect(input).toHaveAttribute('type', 'datetime-local');
    expect(input).toHaveValue(dayjs(value).format('YYYY-MM-DDTHH:mm'));
    const max = dayjs(input.getAttribute('max'));
    const min = dayjs(input.getAttribute('min'));
    expect(Math.abs(max.diff(dayjs(), 'minute'))).toBeLessThanOrEqual(1);
    expect(max.diff(min, 'day')).toBeGreaterThanOrEqual(365);
  });

  it('on 29 February offers back to 28 February of the year before', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date(2028, 1, 29, 8, 15));
      render(<Harness initial={null} onChange={vi.fn()} />);
      const input = screen.getByLabelText('采集时间');
      expect(input).toHaveAttribute('min', '2027-02-28T08:15');
      expect(input).toHaveAttribute('max', '2028-02-29T08:15');
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports a picked time as the contract’s date-time, and an emptied field as empty', () => {
    const onChange = vi.fn();
    render(<Harness initial={null} onChange={onChange} />);
    const input = screen.getByLabelText('采集时间');
    expect(input).toHaveValue('');
    fireEvent.change(input, { target: { value: '2026-11-20T08:15' } });
    expect(onChange).toHaveBeenLastCalledWith(toDateTimeString(new Date(2026, 10, 20, 8, 15)));
    expect(input).toHaveValue('2026-11-20T08:15');
    fireEvent.change(input, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith('');
  });
});
