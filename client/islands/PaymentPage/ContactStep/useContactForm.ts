import { useMemo, useState } from 'react';
import { type RefCallBack, useForm } from 'react-hook-form';
import type { ContactStepProps } from '../../../common/islands/PaymentPage';
import type { NamedField } from '../detail';
import { type ContactControl, contactControls, fieldKey, namedFields } from './contact-fields';
import { type FieldProblem, firstProblem, problemOf } from './validation';

type Values = Record<string, string>;

/**
 * What a control spreads: its legacy name (what the page and the legacy script know it by), the
 * form's ref (its value and focus), and the change that updates the form. react-hook-form's own
 * change handler finds a field by the element's name, which here is the legacy one, so the value
 * is set by key instead.
 */
export interface FieldBinding {
  name: string;
  ref: RefCallBack;
  onChange: (event: { target: { value: string } }) => void;
}

/** What the page's controller asks of the contact step: its values and its check before step 3. */
export interface ContactStepHandle {
  fields(): NamedField[];
  check(): Promise<boolean>;
}

/**
 * The contact step's form state (react-hook-form): the values, the checks of payment.md §3 with the
 * error box's sentence, "the same as contact details" (billing copies the contact fields, and
 * follows them while ticked), and the handle the page's controller calls.
 */
export function useContactForm(props: ContactStepProps) {
  const controls = useMemo(() => contactControls(props), [props]);
  const byKey = useMemo(() => new Map(controls.map((c) => [c.key, c])), [controls]);
  const form = useForm<Values>({
    mode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: Object.fromEntries(controls.map((c) => [c.key, c.initial])),
  });
  const [message, setMessage] = useState<string | undefined>(props.error);
  const [copying, setCopying] = useState(false);

  const billingOf = (name: string) => controls.find((c) => c.copies === name);
  const copy = (from: ContactControl) => {
    const billing = billingOf(from.name);
    if (billing) form.setValue(billing.key, form.getValues(from.key), { shouldValidate: isInvalid(billing.key) });
  };
  const isInvalid = (key: string) => form.getFieldState(key).invalid;

  /** The props a control spreads: registered with the field's rules, named as the legacy form names it. */
  const field = (key: string): FieldBinding => {
    const control = byKey.get(key);
    const { ref } = form.register(key, {
      validate: (value) => (control ? (problemOf(String(value ?? ''), control.rules) ?? true) : true),
    });
    return {
      name: control?.name ?? key,
      ref,
      onChange: (event) => setField(key, event.target.value),
    };
  };

  /** A new value: a field shown as wrong is checked again as it is corrected; billing follows while ticked. */
  const setField = (key: string, value: string) => {
    const control = byKey.get(key);
    form.setValue(key, value, { shouldDirty: true });
    if (isInvalid(key)) void form.trigger(key);
    if (copying && control && !control.copies) copy(control);
  };

  const setCopy = (on: boolean) => {
    setCopying(on);
    if (on) for (const control of controls) if (!control.copies && billingOf(control.name)) copy(control);
  };

  const check = async (): Promise<boolean> => {
    const keys = controls.map((c) => c.key);
    await form.trigger(keys);
    const problems = keys.map((k) => form.getFieldState(k).error?.message as FieldProblem | undefined);
    const problem = firstProblem(problems);
    setMessage(problem ? props.messages[problem] : undefined);
    const bad = keys.find((_, i) => problems[i] !== undefined);
    if (bad) form.setFocus(bad);
    return problem === undefined;
  };

  const handle: ContactStepHandle = { fields: () => namedFields(controls, form.getValues()), check };
  return { form, field, setField, message, copying, setCopy, handle, fieldKey };
}
