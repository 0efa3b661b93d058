'use client';

import { useEffect } from 'react';
import { reportError } from '@/lib/monitoring/report';
import { ErrorNotice } from '@/components/layout/error-notice';
import { isChunkLoadError, reloadWithGuard } from '@/lib/monitoring/reload-guard';

export default function PageError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    // A chunk of an older build is gone after a deploy: a reload fetches the new one.
    if (isChunkLoadError(error) && reloadWithGuard()) return;
    reportError(error);
  }, [error]);
  return <ErrorNotice kind="error" />;
}
