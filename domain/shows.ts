import * as v from 'valibot';
import { WEEKDAYS } from './catalog';
import { optionalText, requiredText } from './fields';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

const time = (message: string) => v.pipe(v.string(message), v.trim(), v.regex(HHMM, message));

export const NewShowSchema = v.pipe(
  v.object({
    title: requiredText('Show title is required', 120),
    description: v.pipe(optionalText(1000), v.transform((s) => s ?? '')),
    startTime: time('Start time must be HH:MM'),
    endTime: time('End time must be HH:MM'),
    days: v.pipe(
      v.array(v.picklist(WEEKDAYS, 'Days must be weekday names'), 'Pick at least one day'),
      v.minLength(1, 'Pick at least one day'),
      v.transform((days) => WEEKDAYS.filter((d) => days.includes(d))),
    ),
    /** 'Record this show': the server records the stream into a draft episode while it airs (docs/recorder.md). */
    record: v.optional(v.boolean('record must be true or false'), false),
  }),
  v.forward(
    v.check((s) => s.startTime !== s.endTime, 'End time must differ from start time'),
    ['endTime'],
  ),
);
export type NewShow = v.InferOutput<typeof NewShowSchema>;

export const ShowSchema = v.object({
  id: v.string(),
  title: v.string(),
  description: v.string(),
  startTime: v.pipe(v.string(), v.regex(HHMM)),
  endTime: v.pipe(v.string(), v.regex(HHMM)),
  days: v.array(v.picklist(WEEKDAYS)),
  record: v.boolean(),
});
export type Show = v.InferOutput<typeof ShowSchema>;

export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}
