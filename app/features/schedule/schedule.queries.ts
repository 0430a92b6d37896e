// The shows query lives in app/api/shows.ts (the radio page shows the show on air too).
export { scheduleKeys, showsQuery } from '../../api/shows';
