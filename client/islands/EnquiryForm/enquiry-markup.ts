import { type CustomFieldSpec, parseCustomField } from '../../lib/custom-field';
import { fieldKey, type RawNode, rawNode, type Shell, shellOf } from '../../lib/markup';

/**
 * The enquiry form's markup (engagement.md §1, server/views/enquiry-form.ts) as data: the plugin's form
 * fields, the acceptance box with its text and message, the message box, the submit button, and
 * whatever else as printed (the hidden tour id, the trap field).
 */
export type EnquiryPart = { id: number } & (
  | { kind: 'raw'; node: RawNode }
  | { kind: 'field'; spec: CustomFieldSpec }
  | { kind: 'term'; term: TermSpec }
  | { kind: 'message'; shell: Shell; text: string }
  | { kind: 'submit'; shell: Shell }
);

export interface TermSpec {
  key: string;
  shell: Shell;
  checkbox: Shell;
  /** The sentence beside the box ("* I agree with Terms of Service and …"), links included. */
  labelHtml: string;
  message: RawNode | undefined;
}

export function parseEnquiry(elements: readonly Element[]): EnquiryPart[] {
  return elements.map((el, id): EnquiryPart => {
    if (el.classList.contains('tourmaster-enquiry-field')) {
      const spec = parseCustomField(el);
      if (spec) return { id, kind: 'field', spec };
    }
    if (el.classList.contains('tourmaster-enquiry-term')) {
      const term = termOf(el);
      if (term) return { id, kind: 'term', term };
    }
    if (el.classList.contains('tourmaster-enquiry-form-message')) {
      return { id, kind: 'message', shell: shellOf(el), text: el.textContent ?? '' };
    }
    if (el instanceof HTMLInputElement && el.type === 'submit') return { id, kind: 'submit', shell: shellOf(el) };
    return { id, kind: 'raw', node: rawNode(el) };
  });
}

function termOf(el: Element): TermSpec | undefined {
  const checkbox = el.querySelector(':scope > input[type="checkbox"][name]');
  if (!checkbox) return undefined;
  const message = el.querySelector(':scope > .tourmaster-enquiry-term-message');
  let labelHtml = '';
  for (const node of Array.from(el.childNodes)) {
    if (node === checkbox || node === message) continue;
    if (node instanceof Element) labelHtml += node.outerHTML;
    else if (node.nodeType === Node.TEXT_NODE) labelHtml += escapeText(node.textContent ?? '');
  }
  return {
    key: fieldKey(),
    shell: shellOf(el),
    checkbox: shellOf(checkbox),
    labelHtml: labelHtml.trim(),
    message: message ? rawNode(message) : undefined,
  };
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
