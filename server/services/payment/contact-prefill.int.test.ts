import { describe, expect, it } from 'vitest';
import { PaymentPageProps } from '../../../client/common/islands/PaymentPage';
import { updateMeta } from '../../data/meta';
import { getUserByLogin } from '../../data/users';
import { postAjax } from '../../testing/app';
import { appSiteForFile } from '../../testing/app-site';
import { loggedInCookie } from '../../testing/login-cookie';

/**
 * The payment page's contact step for a logged-in customer (issue 18): their account's e-mail is
 * in the e-mail fields, beside the name and phone the plugin already filled from their profile;
 * what the visitor typed still wins, and a guest's fields stay empty.
 */
const site = appSiteForFile();

async function loginCookie(login: string): Promise<string> {
  return loggedInCookie(site.tdb, site.server, login);
}

/** The contact step (step 2) for 2 people on Santorini: its markup and its fields' values by name. */
async function contactStep(extra: Record<string, string>, cookie?: string) {
  const body = new URLSearchParams({ action: 'tourmaster_payment_template' });
  const detail = { 'tour-id': '4', 'tour-date': '2027-05-22', 'tour-people': '2', ...extra };
  for (const [key, value] of Object.entries(detail)) body.append(`booking_detail[${key}]`, value);
  const reply = await postAjax(site.server.baseUrl, body, cookie ? { cookie } : {});
  const json = reply.json() as { content: string; props: unknown };
  const contact = PaymentPageProps.parse(json.props).contact;
  if (!contact) throw new Error(`no contact step: ${reply.text.slice(0, 300)}`);
  const values = new Map([...contact.contact, ...contact.billing].map((f) => [f.name, f.value]));
  return { html: json.content, values };
}

describe('the contact step prefilled for a logged-in customer', () => {
  it('fills the account e-mail beside the profile name and phone (customer1)', async () => {
    const { html, values } = await contactStep({}, await loginCookie('customer1'));
    expect(values.get('first_name')).toBe('Maria');
    expect(values.get('phone')).toBe('+30 210 555 010');
    expect(values.get('email')).toBe('maria.papadopoulou@example.test');
    // The billing block keeps to the profile's meta (none here): not an e-mail alone in it.
    expect(values.get('billing_email')).toBe('');
    expect(values.get('billing_first_name')).toBe('');
    expect(html).toContain('name="email" value="maria.papadopoulou@example.test"');
  });

  it('keeps what the visitor typed, and a billing e-mail the profile holds', async () => {
    const user = (await getUserByLogin(site.tdb.wp, 'customer2'))!;
    await updateMeta(site.tdb.wp, 'user', user.id, 'billing_email', 'accounts@example.test');
    const cookie = await loginCookie('customer2');
    const { values } = await contactStep({ email: 'typed@example.test' }, cookie);
    expect(values.get('email')).toBe('typed@example.test');
    expect(values.get('billing_email')).toBe('accounts@example.test');
  });

  it('leaves a guest’s e-mail empty, as before', async () => {
    const { values } = await contactStep({});
    expect(values.get('email')).toBe('');
    expect(values.get('billing_email')).toBe('');
    expect(values.get('first_name')).toBe('');
  });
});
