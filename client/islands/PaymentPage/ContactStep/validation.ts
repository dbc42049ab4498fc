/**
 * The payment page's checks before a step (payment.md §3), as the legacy script ran them: every
 * `[data-required]` field filled, `type=email` fields matching the usual address pattern, the phone
 * fields holding only phone characters; before step 4, every terms box ticked. The messages are the
 * page's own: the error box's `data-default`, `data-email` and `data-phone`. The server repeats
 * these checks (DEFECTS.md 11); here they only save a round trip and say which field is wrong.
 */

/** The legacy script's e-mail pattern. */
export const EMAIL_PATTERN =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

/** Digits, `+ - ( ) .` and spaces (`^[\d+\-\s().]*$`). */
export const PHONE_PATTERN = /^[\d+\-\s().]*$/;

/** The fields whose value must be a phone number. */
export const PHONE_FIELDS = new Set(['phone', 'billing_phone']);

/** Which of the error box's texts a failed check shows. */
export type FieldProblem = 'default' | 'email' | 'phone';

/** The rules of one field of the contact step. */
export interface FieldRules {
  required: boolean;
  email: boolean;
  phone: boolean;
}

/** What is wrong with a value under these rules, if anything (a required field first). */
export function problemOf(value: string, rules: FieldRules): FieldProblem | undefined {
  const text = value.trim();
  if (rules.required && text === '') return 'default';
  if (text === '') return undefined;
  if (rules.email && !EMAIL_PATTERN.test(text)) return 'email';
  if (rules.phone && !PHONE_PATTERN.test(text)) return 'phone';
  return undefined;
}

/** The message the box shows for several problems: a missing field first, then e-mail, then phone. */
export function firstProblem(problems: Iterable<FieldProblem | undefined>): FieldProblem | undefined {
  let found: FieldProblem | undefined;
  for (const p of problems) {
    if (p === 'default') return 'default';
    if (p === 'email') found = 'email';
    else if (p === 'phone' && found === undefined) found = 'phone';
  }
  return found;
}
