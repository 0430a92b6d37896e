import { onlineManager } from '@tanstack/react-query';

/**
 * TanStack attaches its 'online' and 'offline' listeners only while something subscribes to
 * it, and the query client first does so when it mounts, which on a slow phone is a second or
 * more after the page starts (the first screen's route and data load first): a connection lost
 * in that time went unnoticed, and the outbox kept sending into a dead link until it gave up
 * instead of waiting. One subscription for the page's life, made before anything else, keeps
 * TanStack's own listeners on from the start. A page opened offline starts offline ('offline'
 * is trustworthy; 'online' is a guess, so it is never set from navigator.onLine alone).
 */
export function watchConnection(onLine = navigator.onLine, manager = onlineManager): void {
  manager.subscribe(() => undefined);
  if (!onLine) manager.setOnline(false);
}
