/** The plugin's arrow between two steps of the booking bar. */
export function NextSign() {
  return (
    <div className="tourmaster-tour-booking-next-sign">
      <span />
    </div>
  );
}

/** The lightning icon of the submit step, as the theme prints it (its stylesheet sizes `> svg`). */
export function BoltIcon() {
  return (
    <svg
      version="1.1"
      id="Capa_1"
      x="0px"
      y="0px"
      viewBox="0 0 512.007 512.007"
      style={{ enableBackground: 'new 0 0 512.007 512.007' } as Record<string, string>}
      xmlSpace="preserve"
      aria-hidden="true"
    >
      <path
        d="M397.413,199.303c-2.944-4.576-8-7.296-13.408-7.296h-112v-176c0-7.552-5.28-14.08-12.672-15.648 c-7.52-1.6-14.88,2.272-17.952,9.152l-128,288c-2.208,4.928-1.728,10.688,1.216,15.2c2.944,4.544,8,7.296,13.408,7.296h112v176 c0,7.552,5.28,14.08,12.672,15.648c1.12,0.224,2.24,0.352,3.328,0.352c6.208,0,12-3.616,14.624-9.504l128-288 C400.805,209.543,400.389,203.847,397.413,199.303z"
        fill="#4692e7"
      />
    </svg>
  );
}
