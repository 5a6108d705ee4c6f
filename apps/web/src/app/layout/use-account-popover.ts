import { type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';

/**
 * Open state of the avatar popover. Hover opens and closes it as SPEC section 2 asks; a
 * click, a tap or Enter/Space on the avatar also opens it (and never toggles it shut under a
 * hovering mouse). Opened from the keyboard, focus moves to its first button. Escape, a
 * press outside or focus leaving it closes it, and focus that was inside returns to the
 * avatar.
 */
export function useAccountPopover() {
  const [isOpen, setIsOpen] = useState(false);
  const anchorRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const shouldFocusPanel = useRef(false);

  const close = useCallback(() => {
    const hadFocus = panelRef.current?.contains(document.activeElement) ?? false;
    setIsOpen(false);
    if (hadFocus) anchorRef.current?.focus();
  }, []);

  // antd reports hover in and out, and Escape (its popup listens for it while open).
  const onOpenChange = useCallback((next: boolean) => (next ? setIsOpen(true) : close()), [close]);

  // A click with `detail` 0 came from the keyboard (Enter or Space on the button).
  const onAnchorClick = useCallback((event: MouseEvent) => {
    shouldFocusPanel.current = event.detail === 0;
    setIsOpen(true);
    if (shouldFocusPanel.current) focusFirstButton(panelRef.current);
  }, []);

  // Runs once the popup has finished opening: the panel's buttons can take focus only then.
  const afterOpenChange = useCallback((open: boolean) => {
    if (open && shouldFocusPanel.current) focusFirstButton(panelRef.current);
    if (!open) shouldFocusPanel.current = false;
  }, []);

  useEffect(() => {
    if (!isOpen) return;
    const isInside = (target: EventTarget | null) =>
      target instanceof Node &&
      (anchorRef.current?.contains(target) || panelRef.current?.contains(target) || false);
    const onPointerDown = (event: PointerEvent) => {
      if (!isInside(event.target)) setIsOpen(false);
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!isInside(event.target)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [isOpen]);

  return { isOpen, close, onOpenChange, onAnchorClick, afterOpenChange, anchorRef, panelRef };
}

function focusFirstButton(panel: HTMLElement | null) {
  panel?.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus();
}
