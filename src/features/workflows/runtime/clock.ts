/** Where the workflow runtime reads the time from (a run's end, how long reads have failed). */
export interface Clock {
  now(): number;
}

export const browserClock: Clock = { now: () => Date.now() };
