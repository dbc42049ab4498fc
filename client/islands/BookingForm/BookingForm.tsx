import { useCallback, useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { FormProvider, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { type BookingFormProps, bookingFormSchema } from '../../common/islands/BookingForm';
import { AttributionInputs } from '../../lib/AttributionInputs';
import { type FieldElements, FieldElementsContext } from '../../lib/field-elements';
import { bookingDetail } from '../../lib/form-fields';
import { readIslandProps } from '../../lib/island-props';
import { readProps } from '../../lib/props';
import { bookingFormFromMarkup } from './adapter';
import { BlockView } from './BlockView';
import { amountCheckInput, type Shown, show } from './booking-block';
import { choosesTravellers } from './booking-rules';
import { type BookingEvents, BookingEventsContext, NO_VIEW, type SubmitView, SubmitViewContext } from './context';
import { DateBlock } from './DateControl';
import { HeadPrice, type HeadPriceParts, headPriceParts } from './HeadPrice';
import { submission } from './submission';
import { useBookingSubmit } from './useBookingSubmit';
import { useHeadPrice } from './useHeadPrice';
import { useStepLoader } from './useStepLoader';

/** The URL comes from the element (STYLE.md §2.6), on our pages and WordPress's alike. */
const markerProps = z.object({ ajaxUrl: z.string().check(z.minLength(1)) });

/**
 * The booking bar's form (booking.md §2–§4, §7) in `form#tourmaster-single-tour-booking-fields`:
 * rendered from its typed props (the page's props script, else the markup WordPress printed, read
 * by adapter.ts) with the fields the visitor edits held by react-hook-form. The date, the package
 * list, rooms and traveller counts, the steps fetched as the date and package change, the live
 * head price, and the submit.
 */
export function mount(form: HTMLElement): () => void {
  if (!(form instanceof HTMLFormElement)) throw new Error('[island BookingForm] not a form');
  const { ajaxUrl } = readProps('BookingForm', form, markerProps);
  // Read before anything changes: a failure leaves the printed form as it was.
  const props = readIslandProps('BookingForm', form, bookingFormSchema) ?? bookingFormFromMarkup(form);
  const heads = props.headPrice ? headPriceParts(document) : [];
  form.replaceChildren();
  const root = createRoot(form);
  // Synchronously, so the form is whole again when the loader marks the island ready.
  flushSync(() => root.render(<BookingForm form={form} ajaxUrl={ajaxUrl} props={props} heads={heads} />));
  return () => root.unmount();
}

export function BookingForm({
  form,
  ajaxUrl,
  props,
  heads,
}: {
  form: HTMLFormElement;
  ajaxUrl: string;
  props: BookingFormProps;
  /** The header prices the live price is shown in (HeadPrice.tsx). */
  heads: readonly HeadPriceParts[];
}) {
  const methods = useForm<Record<string, unknown>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // A block a new step replaces takes its fields with it.
    shouldUnregister: true,
    // Focus goes to the first wrong field in page order (useBookingSubmit).
    shouldFocusError: false,
  });
  const [shown, setShown] = useState(() => show(props.blocks));
  const [view, setView] = useState(NO_VIEW);
  const [edit, setEdit] = useState<{ name: string; seq: number }>();
  const elements = useMemo<FieldElements>(() => new Map(), []);
  const loadStep = useStepLoader(form, ajaxUrl, setShown);
  const headPrice = useHeadPrice(ajaxUrl, props.headPrice);
  const updateHeadPrice = headPrice.update;
  const showView = useCallback(
    (change: Partial<SubmitView>) => setView((shownView) => ({ ...shownView, ...change })),
    [],
  );
  const checkInput = useCallback(
    (values: Record<string, unknown>) => amountCheckInput(props, shown, values, submission(form)),
    [props, shown, form],
  );
  useBookingSubmit({ form, ajaxUrl, handleSubmit: methods.handleSubmit, checkInput, elements, show: showView });

  const events = useMemo<BookingEvents>(
    () => ({ edited: (name) => setEdit((last) => ({ name, seq: (last?.seq ?? 0) + 1 })) }),
    [],
  );
  // A form that opens with travellers chosen (the payment page's "edit", a carried-over count) is
  // priced at once, or its header and price box would describe nothing until the next change.
  useEffect(() => {
    const detail = bookingDetail(submission(form));
    if (choosesTravellers(detail)) updateHeadPrice(detail);
  }, [form, updateHeadPrice]);
  // After the change is in the page: the request reads the form as the visitor now sees it.
  useEffect(() => {
    if (!edit) return;
    if (edit.name === 'tour-date' || edit.name === 'package') {
      // A new step brings a new submit: the last one's messages go with it.
      setView(NO_VIEW);
      void loadStep(edit.name === 'tour-date' ? 1 : 2);
    }
    updateHeadPrice(bookingDetail(submission(form)));
  }, [edit, form, loadStep, updateHeadPrice]);

  return (
    <FormProvider {...methods}>
      <FieldElementsContext.Provider value={elements}>
        <BookingEventsContext.Provider value={events}>
          <SubmitViewContext.Provider value={view}>
            <input type="hidden" name="tour-id" value={props.tourId} />
            {props.date ? <DateBlock control={props.date} /> : null}
            {shown.map((s: Shown) => (
              <BlockView key={s.id} shown={s} />
            ))}
            {props.hidden.map((h) => (
              <input key={`${h.name}=${h.value}`} type="hidden" name={h.name} value={h.value} />
            ))}
            <HeadPrice parts={heads} price={headPrice.price} box={headPrice.box} />
            {/* The order's source, with marketing consent only (client/lib/attribution.ts). */}
            <AttributionInputs />
          </SubmitViewContext.Provider>
        </BookingEventsContext.Provider>
      </FieldElementsContext.Provider>
    </FormProvider>
  );
}
