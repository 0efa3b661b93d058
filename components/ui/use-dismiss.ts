'use client';

import { type RefObject, useEffect } from 'react';

/**
 * Closes an open pop-up on Escape (returning focus to the control that opened it, so keyboard
 * users do not lose their place) and, when `inside` is given, on a pointer press outside it.
 */
export function useDismiss(
  open: boolean,
  setOpen: (open: boolean) => void,
  { opener, inside }: { opener: RefObject<HTMLElement | null>; inside?: RefObject<HTMLElement | null> },
) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      opener.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!inside?.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    if (inside) document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, setOpen, opener, inside]);
}
