'use client';

import { useEffect, useRef } from 'react';
import { ErrorMessage } from '@/components/ui/error-message';
import type { ErrorCode } from '@/lib/error-codes';

/**
 * A failed step's message that takes the focus when it appears, so keyboard and screen-reader
 * users land on what went wrong instead of staying on the button that caused it.
 */
export function FocusedError({ code, requestId, id, text }: { code: ErrorCode; requestId?: string; id?: string; text?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, [code, requestId]);
  return (
    <div ref={box} tabIndex={-1}>
      <ErrorMessage code={code} requestId={requestId} id={id} text={text} />
    </div>
  );
}
