import type { Request } from 'express';
import type { PageContext } from '../../http/page-context';
import { formatWpDate } from '../../php/date';
import { formatMoney, Money, type MoneyFormat } from '../../tourmaster/money';
import { phpMoney, readMoneyFormat } from '../../tourmaster/pricing-settings';
import type { AvatarSettings } from '../../views/avatar';
import { html, type SafeHtml } from '../../views/html';
import type { Profile } from '../../wp/profile';
import type { CurrentUser } from '../../wp/user';
import { type AccountSite, specialPageUrl } from './site';

/** One account-page request: who, on which site, and the URLs its links are built from. */
export interface AccountRequest {
  req: Request;
  ctx: PageContext;
  account: AccountSite;
  user: CurrentUser;
  profile: Profile;
  avatar: AvatarSettings;
  money: MoneyFormat;
  /** The request URI (`/my-account/?page_type=…`), which the plugin's relative links extend. */
  requestUri: string;
}

/** `{user page}?page_type={type}`. */
export function accountPageUrl(a: Pick<AccountRequest, 'account'>, pageType: string): string {
  return specialPageUrl(a.account.pages.user, { page_type: pageType });
}

/** A date with the site's `date_format` ('' for an empty or zero date). */
export function siteDate(a: Pick<AccountRequest, 'account'>, value: string): string {
  if (value === '' || value.startsWith('0000-00-00')) return '';
  return formatWpDate(a.account.dateFormat, value) ?? value;
}

/** `date_format time_format`. */
export function siteDateTime(a: Pick<AccountRequest, 'account'>, value: string): string {
  if (value === '' || value.startsWith('0000-00-00')) return '';
  return formatWpDate(`${a.account.dateFormat} ${a.account.timeFormat}`, value) ?? value;
}

/** The plugin's MONEY() of a stored amount. */
export function money(a: Pick<AccountRequest, 'money'>, value: unknown): string {
  return formatMoney(value instanceof Money ? value : phpMoney(value), a.money);
}

export function moneyFormat(account: AccountSite): MoneyFormat {
  return readMoneyFormat(account.general);
}

/** A hidden nonce input (`name="{field}"`), as our forms carry them. */
export async function nonceInput(ctx: PageContext, field: string, action: string): Promise<SafeHtml> {
  return html`<input type="hidden" name="${field}" value="${await ctx.nonce(action)}" />`;
}

/** A tour's permalink under `/%postname%/` permalinks (`/tour/<slug>/`). */
export function tourUrl(a: Pick<AccountRequest, 'account'>, slug: string): string {
  return `${a.account.site.homeUrl}/tour/${slug}/`;
}

/** The tour search page (`?tour-search=` selects it on any address), where an empty list sends the visitor. */
export function toursUrl(a: Pick<AccountRequest, 'account'>): string {
  return `${a.account.site.homeUrl}/?tour-search=`;
}
