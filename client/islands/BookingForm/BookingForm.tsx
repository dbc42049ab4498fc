import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { FormProvider, useForm } from 'react-hook-form';
import { AttributionInputs } from '../../lib/AttributionInputs';
import { type FieldElements, FieldElementsContext } from '../../lib/field-elements';
import { bookingDetail, fieldsOf } from '../../lib/form-fields';
import { childElements } from '../../lib/markup';
import { readProps } from '../../lib/props';
import { type Block, parseBlocks, selectKeys, submitKey } from './blocks';
import {
  BlockScopeContext,
  type BookingEvents,
  BookingEventsContext,
  type SubmitView,
  SubmitViewContext,
} from './context';
import { PartView } from './PartView';
import { bookingFormProps } from './props';
import { RoomTravellers } from './RoomTravellers';
import { useBookingSubmit } from './useBookingSubmit';
import { useHeadPrice } from './useHeadPrice';
import { useStepLoader } from './useStepLoader';

/**
 * The booking bar's form (booking.md §2–§4, §7) on the markup the server (ours or WordPress)
 * printed in `form#tourmaster-single-tour-booking-fields`: the island reads that markup into blocks,
 * then renders them again inside the same form, element for element, with the fields the visitor
 * edits held by react-hook-form. The calendar, the package list, rooms and traveller counts, the
 * steps fetched as the date and package change, the live head price, and the submit.
 */
export function mount(form: HTMLElement): () => void {
  if (!(form instanceof HTMLFormElement)) throw new Error('[island BookingForm] not a form');
  const { ajaxUrl } = readProps('BookingForm', form, bookingFormProps);
  // Read before anything changes: a failure leaves the printed form as it was.
  const blocks = parseBlocks(childElements(form));
  form.replaceChildren();
  const root = createRoot(form);
  // Synchronously, so the form is whole again when the loader marks the island ready.
  flushSync(() =>
    root.render(
      <BookingForm
        form={form}
        ajaxUrl={ajaxUrl}
        initial={blocks}
        headPrice={form.classList.contains('tourmaster-update-header-price')}
      />,
    ),
  );
  return () => root.unmount();
}

const NO_VIEW: SubmitView = { key: undefined, sending: false, staticError: undefined, message: undefined };

function BookingForm(props: { form: HTMLFormElement; ajaxUrl: string; initial: Block[]; headPrice: boolean }) {
  const { form, ajaxUrl } = props;
  const methods = useForm<Record<string, unknown>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // A block a new step replaces takes its fields with it.
    shouldUnregister: true,
    // Focus goes to the first wrong field in page order (useBookingSubmit).
    shouldFocusError: false,
  });
  const [blocks, setBlocks] = useState(props.initial);
  const [view, setView] = useState(NO_VIEW);
  const [edit, setEdit] = useState<{ name: string; seq: number }>();
  const elements = useMemo<FieldElements>(() => new Map(), []);
  const loadStep = useStepLoader(form, ajaxUrl, setBlocks);
  const updateHeadPrice = useHeadPrice(ajaxUrl, props.headPrice);

  // The submit's messages belong to the submit part they were shown in; a new step brings a new one.
  const currentSubmit = useRef<string | undefined>(undefined);
  currentSubmit.current = submitKey(blocks);
  const show = useCallback((change: Partial<SubmitView>) => {
    setView((shown) => {
      const key = currentSubmit.current;
      return { ...(shown.key === key ? shown : NO_VIEW), ...change, key };
    });
  }, []);
  useBookingSubmit({ form, ajaxUrl, handleSubmit: methods.handleSubmit, elements, show });

  const events = useMemo<BookingEvents>(
    () => ({ edited: (name) => setEdit((last) => ({ name, seq: (last?.seq ?? 0) + 1 })) }),
    [],
  );
  // After the change is in the page: the request reads the form as the visitor now sees it.
  useEffect(() => {
    if (!edit) return;
    const detail = bookingDetail(fieldsOf(form));
    if (edit.name === 'tour-date') void loadStep(1);
    else if (edit.name === 'package') void loadStep(2);
    updateHeadPrice(detail);
  }, [edit, form, loadStep, updateHeadPrice]);

  return (
    <FormProvider {...methods}>
      <FieldElementsContext.Provider value={elements}>
        <BookingEventsContext.Provider value={events}>
          <SubmitViewContext.Provider value={view}>
            {blocks.map((block) =>
              block.kind === 'rooms' ? (
                <RoomTravellers key={block.id} block={block} />
              ) : (
                <BlockScopeContext.Provider key={block.id} value={{ rule: block.rule, group: selectKeys(block.part) }}>
                  <PartView part={block.part} />
                </BlockScopeContext.Provider>
              ),
            )}
            {/* The order's source, with marketing consent only (client/lib/attribution.ts). */}
            <AttributionInputs />
          </SubmitViewContext.Provider>
        </BookingEventsContext.Provider>
      </FieldElementsContext.Provider>
    </FormProvider>
  );
}
