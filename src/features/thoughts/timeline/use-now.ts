import { useEffect, useState } from 'react';

/** The time now, ticking every `everyMs` while `live` (bars of running work grow); still otherwise. */
export function useNow(live: boolean, everyMs = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!live) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [live, everyMs]);
  return now;
}
