'use client';

import { useCallback, useRef } from 'react';
import { randomId } from '@/lib/random-id';

/**
 * The idempotency key of an order form's submission: the same body sent again (a double click, a
 * lost answer) reuses its key, so the server answers the first order; a changed body gets a new key.
 */
export function useSubmissionKey(): (body: string) => string {
  const last = useRef<{ body: string; key: string } | undefined>(undefined);
  return useCallback((body: string) => {
    if (last.current?.body !== body) last.current = { body, key: randomId() };
    return last.current.key;
  }, []);
}
