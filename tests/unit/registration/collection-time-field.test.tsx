import { fireEvent, render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CollectionTimeField } from '@/features/registration/components/collection-time-field';
import { toDateTimeString } from '@/lib/date-time';

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
