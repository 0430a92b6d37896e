import { useEffect, useRef, useState } from 'react';
import { idleTask } from '../../../lib/when-idle';
import type { ModerationTab } from './moderation-tabs';

/**
 * The tab a tap chose, drawn in the tap's own frame, with the URL told (`onTabChange`) once the
 * phone is idle: the router's navigation (its location, its loader run again) inside the tap was
 * a third of a tab switch's handling on a low-tier phone (docs/performance.md, "Moderating from a
 * phone"). The choice holds until the URL's tab changes (it followed, or Back or a link moved
 * it); null means the URL's tab is shown. Answers the choice and the function a tap calls.
 */
export function useTappedTab(urlTab: string | undefined, onTabChange: (tab: ModerationTab) => void): [ModerationTab | null, (tab: ModerationTab) => void] {
  const [tapped, setTapped] = useState<ModerationTab | null>(null);
  const [seenUrlTab, setSeenUrlTab] = useState(urlTab);
  if (seenUrlTab !== urlTab) {
    setSeenUrlTab(urlTab);
    setTapped(null);
  }
  const cancelFollow = useRef<() => void>(undefined);
  useEffect(() => () => cancelFollow.current?.(), []);
  const choose = (next: ModerationTab) => {
    setTapped(next);
    cancelFollow.current?.();
    cancelFollow.current = idleTask(() => {
      cancelFollow.current = undefined;
      onTabChange(next);
    });
  };
  return [tapped, choose];
}
