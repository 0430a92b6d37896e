// Dates written with Intl on a thread of their own: the first Intl formatter a page makes costs
// Chromium its ICU set-up, 15-20 ms here and ten times that on a low-tier phone, which here
// comes to nobody's tap (docs/performance.md, "ICU set-up off the page"). The page talks to it
// through format-dates.ts.
import { formatDates, type DatesAnswer, type DatesRequest } from './format-dates-protocol';

self.onmessage = (event: MessageEvent<DatesRequest>) => {
  const { id } = event.data;
  let answer: DatesAnswer;
  try {
    answer = { id, ...formatDates(event.data) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  postMessage(answer);
};
