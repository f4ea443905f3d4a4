import { useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

/**
 * An anchored panel opened by a trigger button: closes on Escape (focus back to the trigger), on a pointer press outside
 * its root, and when focus leaves the root.
 */
export function usePopover() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);

  const close = useCallback((restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) triggerRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const rootProps = {
    ref: rootRef,
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
      if (open && event.key === 'Escape') {
        event.stopPropagation();
        close(true);
      }
    },
    onBlur: (event: FocusEvent<HTMLDivElement>) => {
      if (open && event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node)) setOpen(false);
    },
  };

  return { open, toggle: () => setOpen((was) => !was), close, rootProps, triggerRef };
}
