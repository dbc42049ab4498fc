import { type KeyboardEvent, type RefObject, useContext, useId, useState } from 'react';
import type { BookingBlock } from '../../common/islands/BookingForm';
import { type LegacyField, useLegacyField } from '../../lib/legacy-field';
import { keys } from './booking-block';
import { BookingEventsContext } from './context';
import { NextSign } from './marks';
import { type PackageList, usePackageList } from './usePackageList';

type PackageSpec = Extract<BookingBlock, { kind: 'package' }>;
type PackageItem = PackageSpec['items'][number];

/**
 * The package list (booking.md §3, step 2): the display opens the list, an item writes
 * `input[name=package]` and loads step 2. The plugin's markup as a listbox: Enter, Space or
 * ArrowDown open it and focus the chosen item, the arrows move, Enter or Space choose, Escape
 * closes; a click outside closes it too.
 */
export function PackagePicker({ id, picker }: { id: number; picker: PackageSpec }) {
  const { edited } = useContext(BookingEventsContext);
  const [value, setValue] = useState(picker.chosen);
  const field = useLegacyField(keys.package(id), { value: picker.chosen, rules: { required: true } });
  const list = usePackageList(picker.items, value);
  const listId = useId();

  const choose = (next: string) => {
    list.setOpen(false);
    list.display.current?.focus({ preventScroll: true });
    setValue(next);
    field.change(next);
    edited('package', next);
  };

  return (
    <div className="tourmaster-tour-booking-package" data-step="2">
      <NextSign />
      <i className="icon_check" />
      <div className="tourmaster-combobox-list-wrap" ref={list.wrap as RefObject<HTMLDivElement>}>
        <PackageDisplay picker={picker} list={list} field={field} listId={listId} value={value} />
        <input type="hidden" name="package" value={value} ref={field.ref} />
        <PackageOptions picker={picker} list={list} id={listId} value={value} choose={choose} />
      </div>
    </div>
  );
}

/** The plugin's display of the chosen package, the listbox's button. */
function PackageDisplay(props: {
  picker: PackageSpec;
  list: PackageList;
  field: LegacyField;
  listId: string;
  value: string;
}) {
  const { picker, list, field } = props;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      list.show(true);
    } else if (event.key === 'Escape') list.setOpen(false);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: the plugin's display element, made a button for the keyboard.
    <div
      className="tourmaster-combobox-list-display"
      ref={(el) => {
        list.display.current = el;
        field.focusRef(el);
      }}
      role="button"
      tabIndex={0}
      aria-haspopup="listbox"
      aria-expanded={list.open}
      aria-controls={props.listId}
      aria-invalid={field.invalid || undefined}
      onClick={() => (list.open ? list.setOpen(false) : list.show(false))}
      onKeyDown={onKeyDown}
    >
      <span>{props.value || picker.placeholder}</span>
    </div>
  );
}

/** The plugin's list of packages as a listbox; the arrows move (wrapping), Tab leaves and closes it. */
function PackageOptions(props: {
  picker: PackageSpec;
  list: PackageList;
  id: string;
  value: string;
  choose: (value: string) => void;
}) {
  const { picker, list, choose } = props;
  const onItemKey = (event: KeyboardEvent, at: number) => {
    const count = picker.items.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      list.items.current[(at + (event.key === 'ArrowDown' ? 1 : count - 1)) % count]?.focus();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(picker.items[at]?.title ?? '');
    } else if (event.key === 'Escape') {
      event.preventDefault();
      list.setOpen(false);
      list.display.current?.focus();
    } else if (event.key === 'Tab') list.setOpen(false);
  };
  return (
    <ul
      id={props.id}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the plugin's list (its stylesheet selects `ul` and `li`), made a listbox.
      role="listbox"
      style={list.open ? { display: 'block' } : undefined}
    >
      {picker.items.map((item, at) => (
        <PackageOption
          key={item.title}
          item={item}
          active={item.title === props.value}
          itemRef={(el) => {
            list.items.current[at] = el;
          }}
          onChoose={() => choose(item.title)}
          onKeyDown={(event) => onItemKey(event, at)}
        />
      ))}
    </ul>
  );
}

function PackageOption(props: {
  item: PackageItem;
  active: boolean;
  itemRef: (el: HTMLLIElement | null) => void;
  onChoose: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}) {
  const { item, active } = props;
  return (
    <li
      data-value={item.title}
      className={active ? 'tourmaster-active' : ''}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the plugin's item, an option of the listbox.
      role="option"
      tabIndex={-1}
      aria-selected={active}
      ref={props.itemRef}
      onClick={props.onChoose}
      onKeyDown={props.onKeyDown}
    >
      <span className="tourmaster-combobox-list-title">{item.title}</span>
      {item.caption ? <span className="tourmaster-combobox-list-caption">{item.caption}</span> : null}
      {item.startTime ? <span className="tourmaster-combobox-list-time">Start Time: {item.startTime}</span> : null}
      {item.available ? (
        <span className="tourmaster-combobox-list-avail">
          Available: {item.available.left} {item.available.unit}
        </span>
      ) : null}
    </li>
  );
}
