import { useLayoutEffect, useRef, type RefObject } from 'react';

/** A ref that holds the latest `value` once the render is committed: for callbacks read in effects. */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => void (ref.current = value));
  return ref;
}
