'use client';

import { useEffect } from 'react';

/**
 * Moves the focus to the element with `targetId` when the page has just loaded and nothing else
 * holds the focus, as after coming back from a payment gateway: the next action is then the
 * first thing a keyboard or screen-reader user meets, and it is scrolled into view.
 */
export function ArrivalFocus({ targetId }: { targetId: string }) {
  useEffect(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    document.getElementById(targetId)?.focus();
  }, [targetId]);
  return null;
}
