import { useEffect, useState } from 'react';

/**
 * The current time, renewed every `intervalMs`: 'zuletzt gesehen vor 5 Min.' keeps counting while the data itself
 * does not change (an offline headset).
 */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
