import type { Show } from '../../domain/shows';
import { bool, jsonArray } from './rows';

// The shows table is the shows feature's, and push reminders and the recorder read it too
// (features do not import each other): one row shape and one conversion for all three.

// A type, not an interface: the seed hands these rows on as plain records.
export type ShowRow = {
  id: string;
  tenant: string;
  title: string;
  description: string;
  start_time: string;
  end_time: string;
  days: string;
  /** SQLite answers 0/1, PostgreSQL a boolean. */
  record: boolean | number;
  created_at: string;
};

export const toShow = (r: ShowRow): Show => ({
  id: r.id,
  title: r.title,
  description: r.description,
  startTime: r.start_time,
  endTime: r.end_time,
  days: jsonArray(r.days) as Show['days'],
  record: bool(r.record),
});
