'use client';

import { useEffect } from 'react';

/**
 * Marks the document once React has taken over (`<html data-hydrated>`). Until then buttons such
 * as the menu toggle do nothing; end-to-end tests wait for the mark before they click.
 */
export function HydrationMarker() {
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '');
  }, []);
  return null;
}
