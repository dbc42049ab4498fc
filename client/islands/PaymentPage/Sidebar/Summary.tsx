import { useId, useState } from 'react';
import type { PeopleProps, PeopleRow, SidebarProps } from '../../../common/islands/payment-sidebar';
import { legacyButton } from '../../../lib/button-keys';
import { Breakdown } from './Breakdown';

function Count({ row }: { row: PeopleRow }) {
  return (
    <div className={`tourmaster-tour-booking-bar-summary-people-amount${row.type ? ` tourmaster-${row.type}` : ''}`}>
      <span className="tourmaster-head">{row.head} : </span>
      <span className="tourmaster-tail">{row.value}</span>
    </div>
  );
}

function Counts({ group }: { group: PeopleProps['groups'][number] }) {
  const rows = group.rows.map((row) => <Count key={row.head} row={row} />);
  return group.variable ? (
    <div className="tourmaster-tour-booking-bar-summary-people tourmaster-variable clearfix">{rows}</div>
  ) : (
    rows
  );
}

/** The booking's travellers: one block, or one per room. */
function People({ people }: { people: PeopleProps }) {
  if (!people.rooms) {
    return (
      <div className="tourmaster-tour-booking-bar-summary-people-wrap">
        {people.groups[0] ? <Counts group={people.groups[0]} /> : null}
      </div>
    );
  }
  return (
    <div className="tourmaster-tour-booking-bar-summary-room-wrap clearfix">
      {people.groups.map((group, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rooms are numbered by their place
        <div key={i} className="tourmaster-tour-booking-bar-summary-room">
          <div className="tourmaster-tour-booking-bar-summary-room-text">Room {i + 1}</div>
          <Counts group={group} />
        </div>
      ))}
    </div>
  );
}

/**
 * SUMMARY's upper part: the tour, its date (with "edit" at step 2, back to the tour page), package,
 * end date and period, the travellers, style-1's coupon box, and the breakdown behind its link.
 */
export function Summary(props: { sidebar: SidebarProps; coupon: React.ReactNode; onEditTour: () => void }) {
  const { sidebar } = props;
  const [open, setOpen] = useState(false);
  const breakdownId = useId();
  return (
    <div className="tourmaster-tour-booking-bar-summary">
      <h3 className="tourmaster-tour-booking-bar-summary-title">{sidebar.title}</h3>
      {sidebar.info.map((info) => (
        <div key={info.kind} className={`tourmaster-tour-booking-bar-summary-info tourmaster-summary-${info.kind}`}>
          <span className="tourmaster-head">{info.head} : </span>
          <span className="tourmaster-tail">
            {info.value}
            {info.kind === 'travel-date' && sidebar.editUrl !== undefined ? (
              <>
                {' ( '}
                {/* biome-ignore lint/a11y/useSemanticElements: the plugin's span (the theme styles it), a button for the keyboard and assistive technology. */}
                <span
                  className="tourmaster-tour-booking-bar-date-edit"
                  aria-label="Edit the travel date"
                  {...legacyButton(props.onEditTour)}
                  role="button"
                  tabIndex={0}
                >
                  edit
                </span>
                {' )'}
              </>
            ) : null}
          </span>
        </div>
      ))}
      {sidebar.people ? <People people={sidebar.people} /> : null}
      {props.coupon}
      <div className="tourmaster-tour-booking-bar-price-breakdown-wrap">
        {/* biome-ignore lint/a11y/useSemanticElements: the plugin's span (the theme styles it), a button for the keyboard and assistive technology. */}
        <span
          className="tourmaster-tour-booking-bar-price-breakdown-link"
          aria-expanded={open}
          aria-controls={breakdownId}
          {...legacyButton(() => setOpen(!open))}
          role="button"
          tabIndex={0}
        >
          View Price Breakdown
        </span>
        <Breakdown breakdown={sidebar.breakdown} open={open} id={breakdownId} />
      </div>
    </div>
  );
}
