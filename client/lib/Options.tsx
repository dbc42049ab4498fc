/** A select's `<option>`s, value and label each, in the order given (the server's, or the adapter's). */
export function Options({ options }: { options: readonly { value: string; label: string }[] }) {
  return options.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));
}
