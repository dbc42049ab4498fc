import { type KeyboardEvent, useContext, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useLegacyField } from '../../lib/legacy-field';
import { attrsToProps } from '../../lib/markup';
import { ShellElement } from '../../lib/RawMarkup';
import type { Part } from './blocks';
import { BookingEventsContext } from './context';

type PackagePart = Extract<Part, { kind: 'package' }>;

/**
 * The package list (booking.md §3, step 2): the display opens the list, an item writes
 * `input[name=package]` and loads step 2. The plugin's markup as a listbox: Enter, Space or
 * ArrowDown open it and focus the chosen item, the arrows move, Enter or Space choose, Escape
 * closes; a click outside closes it too.
 */
export function PackagePicker({ part }: { part: PackagePart }) {
  const { picker } = part;
  const { edited } = useContext(BookingEventsContext);
  const [value, setValue] = useState(picker.value);
  const field = useLegacyField(part.key, { value: picker.value, rules: { required: true } });
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLElement | null>(null);
  const display = useRef<HTMLElement | null>(null);
  const items = useRef<(HTMLElement | null)[]>([]);
  const focusOnOpen = useRef(false);
  const listId = useId();

  // Focus moves into the list once it is shown (a hidden item cannot take it).
  useLayoutEffect(() => {
    if (!open || !focusOnOpen.current) return;
    focusOnOpen.current = false;
    const at = picker.items.findIndex((item) => item.value === value);
    items.current[Math.max(at, 0)]?.focus();
  }, [open, picker.items, value]);

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
  const choose = (next: string) => {
    setOpen(false);
    display.current?.focus({ preventScroll: true });
    setValue(next);
    field.change(next);
    edited(picker.input.attrs.name ?? 'package', next);
  };

  const onDisplayKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      show(true);
    } else if (event.key === 'Escape') setOpen(false);
  };
  const onItemKey = (event: KeyboardEvent, at: number) => {
    const count = picker.items.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      items.current[(at + (event.key === 'ArrowDown' ? 1 : count - 1)) % count]?.focus();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(picker.items[at]?.value ?? '');
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      display.current?.focus();
    } else if (event.key === 'Tab') setOpen(false);
  };

  const { defaultValue: _printed, ...inputProps } = attrsToProps(picker.input.attrs);
  const listProps = attrsToProps(picker.list.attrs);
  return (
    <ShellElement shell={picker.wrap} extra={{ ref: wrap }}>
      {/* biome-ignore lint/a11y/useSemanticElements: the plugin's display element, made a button for the keyboard. */}
      <div
        {...attrsToProps(picker.display.attrs)}
        ref={(el) => {
          display.current = el;
          field.focusRef(el);
        }}
        role="button"
        tabIndex={0}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={String(listProps.id ?? listId)}
        aria-invalid={field.invalid || undefined}
        onClick={() => (open ? setOpen(false) : show(false))}
        onKeyDown={onDisplayKey}
      >
        <span>{value || picker.placeholder}</span>
      </div>
      <input {...inputProps} value={value} ref={field.ref} />
      <ul
        {...listProps}
        id={String(listProps.id ?? listId)}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the plugin's list (its stylesheet selects `ul` and `li`), made a listbox.
        role="listbox"
        style={open ? { display: 'block' } : undefined}
      >
        {picker.items.map((item, at) => {
          const active = item.value === value;
          const className = String(attrsToProps(item.shell.attrs).className ?? '')
            .split(/\s+/)
            .filter((c) => c && c !== 'tourmaster-active')
            .concat(active ? ['tourmaster-active'] : [])
            .join(' ');
          return (
            <li
              key={item.value}
              {...attrsToProps(item.shell.attrs)}
              className={className}
              // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the plugin's item, an option of the listbox.
              role="option"
              tabIndex={-1}
              aria-selected={active}
              ref={(el) => {
                items.current[at] = el;
              }}
              onClick={() => choose(item.value)}
              onKeyDown={(event) => onItemKey(event, at)}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's item (title, caption, start time), escaped there.
              dangerouslySetInnerHTML={{ __html: item.html }}
            />
          );
        })}
      </ul>
    </ShellElement>
  );
}
