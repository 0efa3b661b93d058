'use client';

import { useEffect, useRef, useState } from 'react';
import { BusyLine } from '@/components/ui/busy-line';

/**
 * The wait after the hotel link is sent. The link form is a plain GET form (it works without
 * JavaScript), so the next page is only shown once the server has read the link and asked
 * Booking.com, which takes seconds for a slow hotel: meanwhile this says so under the form, at
 * once. A page restored from the back/forward cache starts without it.
 */
export function LinkFormBusy({ label }: { label: string }) {
  const place = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const form = place.current?.closest('form');
    if (!form) return;
    const onSubmit = (event: SubmitEvent) => {
      if (!event.defaultPrevented) setBusy(true);
    };
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    form.addEventListener('submit', onSubmit);
    window.addEventListener('pageshow', onShow);
    return () => {
      form.removeEventListener('submit', onSubmit);
      window.removeEventListener('pageshow', onShow);
    };
  }, []);
  return (
    <div ref={place}>
      <BusyLine busy={busy} label={label} testId="link-busy" />
    </div>
  );
}
