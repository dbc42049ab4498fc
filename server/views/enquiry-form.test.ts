import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../core/config';
import { canonicalHtml } from '../parity/html-dom';
import { DEFAULT_ENQUIRY_FIELDS, ENQUIRY_HONEYPOT_FIELD, enquiryFields } from '../tourmaster/enquiry-fields';
import { enquiryFormProps, renderEnquiryForm } from './enquiry-form';

/** The Corfu page's enquiry form, as captured. */
function capturedForm(): string {
  const page = readFileSync(
    path.join(PROJECT_ROOT, 'legacy-fixtures', 'pages', 'tour-corfu-booking-enquiry.html'),
    'utf8',
  );
  const start = page.indexOf('<form class="tourmaster-enquiry-form');
  return page.slice(start, page.indexOf('</form>', start) + '</form>'.length);
}

const CORFU_FORM = {
  tourId: 11,
  fields: DEFAULT_ENQUIRY_FIELDS,
  ajaxUrl: 'http://127.0.0.1:8080/wp-admin/admin-ajax.php',
  termsUrl: 'http://127.0.0.1:8080/terms-of-service/',
  privacyUrl: 'http://127.0.0.1:8080/privacy-policy/',
};

/** The island's typed props, the form's first child (the legacy front end does not read them). */
const PROPS_SCRIPT = /^(<form[^>]*>)<script type="application\/json" data-island-props="EnquiryForm">([^<]*)<\/script>/;

describe('the enquiry form', () => {
  it('carries its typed props as its first child, for the island', () => {
    const props = PROPS_SCRIPT.exec(String(renderEnquiryForm(CORFU_FORM)))?.[2];
    expect(JSON.parse(props ?? '')).toEqual(enquiryFormProps(CORFU_FORM));
  });

  it('is the captured form plus the hidden trap field', () => {
    const ours = String(renderEnquiryForm(CORFU_FORM)).replace(PROPS_SCRIPT, '$1');
    const trap = /<div class="tourmaster-enquiry-field-trap"[^>]*>(<input[^>]*>)<\/div>/.exec(ours);
    expect(trap?.[1]).toBe(
      `<input type="text" name="${ENQUIRY_HONEYPOT_FIELD}" value="" tabindex="-1" autocomplete="off" />`,
    );
    expect(trap?.[0]).toContain('aria-hidden="true"');
    expect(canonicalHtml(ours.replace(trap![0], ''))).toBe(canonicalHtml(capturedForm()));
  });

  it('pre-fills a logged-in visitor and escapes values', () => {
    const ours = String(renderEnquiryForm({ ...CORFU_FORM, values: new Map([['full-name', '"><script>x</script>']]) }));
    expect(ours).toContain('name="full-name" value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
  });
});

describe('the enquiry fields', () => {
  it("the tour's meta, else the site's option, else the plugin's three", () => {
    const general = { 'enquiry-form-fields': '{slug=phone,title=Phone,type=text,required=true}' };
    expect(
      enquiryFields('{slug=size,title=Group size,type=combobox,options=1/2/3}', general).map((f) => f.slug),
    ).toEqual(['size']);
    expect(enquiryFields('', general).map((f) => [f.slug, f.required])).toEqual([['phone', true]]);
    expect(enquiryFields(undefined, {}).map((f) => [f.slug, f.type, f.required])).toEqual([
      ['full-name', 'text', true],
      ['email-address', 'text', true],
      ['your-enquiry', 'textarea', true],
    ]);
  });
});
