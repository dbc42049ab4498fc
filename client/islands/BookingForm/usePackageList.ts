import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { BookingBlock } from '../../common/islands/BookingForm';

type PackageSpec = Extract<BookingBlock, { kind: 'package' }>;

export interface PackageList {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Opens the list; with `focus`, the chosen item (or the first) takes the focus once shown. */
  show: (focus: boolean) => void;
  wrap: RefObject<HTMLElement | null>;
  display: RefObject<HTMLElement | null>;
  items: RefObject<(HTMLElement | null)[]>;
}

/** The package list's open state: focus moved into it when the keyboard opened it, closed by a click outside. */
export function usePackageList(items: PackageSpec['items'], value: string): PackageList {
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLElement | null>(null);
  const display = useRef<HTMLElement | null>(null);
  const elements = useRef<(HTMLElement | null)[]>([]);
  const focusOnOpen = useRef(false);

  // Focus moves into the list once it is shown (a hidden item cannot take it).
  useLayoutEffect(() => {
    if (!open || !focusOnOpen.current) return;
    focusOnOpen.current = false;
    const at = items.findIndex((item) => item.title === value);
    elements.current[Math.max(at, 0)]?.focus();
  }, [open, items, value]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: MouseEvent) => {
      if (!(event.target instanceof Node) || !wrap.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('mouseup', outside);
    return () => document.removeEventListener('mouseup', outside);
  }, [open]);

  const show = (focus: boolean) => {
    focusOnOpen.current = focus;
    setOpen(true);
  };
  return { open, setOpen, show, wrap, display, items: elements };
}
