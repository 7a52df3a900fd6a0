import { useCallback, useRef, useState } from 'react';

/**
 * The one double-tap guard: a task runs once at a time. It is taken at once, before the next render,
 * so a second tap that lands before the button shows it is busy does nothing (it would otherwise reach
 * the client's repeat-submit guard and its toast, or send twice). `running` is the same fact for the
 * screen. A task that leaves the page calls `leave()`: the guard then stays taken, so a tap while the
 * next page loads finds nothing to do.
 */
export function useTapGuard() {
  const taken = useRef(false);
  const [running, setRunning] = useState(false);

  const run = useCallback(async (task: (leave: () => void) => Promise<void>): Promise<void> => {
    if (taken.current) return;
    taken.current = true;
    setRunning(true);
    let leaving = false;
    try {
      await task(() => {
        leaving = true;
      });
    } finally {
      if (!leaving) {
        taken.current = false;
        setRunning(false);
      }
    }
  }, []);

  return { running, run };
}
