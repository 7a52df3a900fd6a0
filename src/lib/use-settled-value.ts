import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed unchanged for `delayMs` (a field still being typed is not looked up yet);
 * with a delay of 0 it is `value` in the same render.
 */
export function useSettledValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return delayMs <= 0 ? value : settled;
}
