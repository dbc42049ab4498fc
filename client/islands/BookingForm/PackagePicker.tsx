import { type KeyboardEvent, useContext, useId, useState } from 'react';
import { type LegacyField, useLegacyField } from '../../lib/legacy-field';
import { attrsToProps } from '../../lib/markup';
import { ShellElement } from '../../lib/RawMarkup';
import type { PackageSpec, Part } from './blocks';
import { BookingEventsContext } from './context';
import { type PackageList, usePackageList } from './usePackageList';

type PackagePart = Extract<Part, { kind: 'package' }>;
type PackageItem = PackageSpec['items'][number];

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
  const list = usePackageList(picker.items, value);
  const listId = useId();

  const choose = (next: string) => {
    list.setOpen(false);
    list.display.current?.focus({ preventScroll: true });
    setValue(next);
    field.change(next);
    edited(picker.input.attrs.name ?? 'package', next);
  };

  const { defaultValue: _printed, ...inputProps } = attrsToProps(picker.input.attrs);
  const listProps = attrsToProps(picker.list.attrs);
  const id = String(listProps.id ?? listId);
  return (
    <ShellElement shell={picker.wrap} extra={{ ref: list.wrap }}>
      <PackageDisplay picker={picker} list={list} field={field} listId={id} value={value} />
      <input {...inputProps} value={value} ref={field.ref} />
      <PackageOptions picker={picker} list={list} listProps={listProps} id={id} value={value} choose={choose} />
    </ShellElement>
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
      {...attrsToProps(picker.display.attrs)}
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
  listProps: Record<string, unknown>;
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
      choose(picker.items[at]?.value ?? '');
    } else if (event.key === 'Escape') {
      event.preventDefault();
      list.setOpen(false);
      list.display.current?.focus();
    } else if (event.key === 'Tab') list.setOpen(false);
  };
  return (
    <ul
      {...props.listProps}
      id={props.id}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the plugin's list (its stylesheet selects `ul` and `li`), made a listbox.
      role="listbox"
      style={list.open ? { display: 'block' } : undefined}
    >
      {picker.items.map((item, at) => (
        <PackageOption
          key={item.value}
          item={item}
          active={item.value === props.value}
          itemRef={(el) => {
            list.items.current[at] = el;
          }}
          onChoose={() => choose(item.value)}
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
  const className = String(attrsToProps(item.shell.attrs).className ?? '')
    .split(/\s+/)
    .filter((c) => c && c !== 'tourmaster-active')
    .concat(active ? ['tourmaster-active'] : [])
    .join(' ');
  return (
    <li
      {...attrsToProps(item.shell.attrs)}
      className={className}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the plugin's item, an option of the listbox.
      role="option"
      tabIndex={-1}
      aria-selected={active}
      ref={props.itemRef}
      onClick={props.onChoose}
      onKeyDown={props.onKeyDown}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's item (title, caption, start time), escaped there.
      dangerouslySetInnerHTML={{ __html: item.html }}
    />
  );
}
