import type { RequestHandler } from 'express';
import type { AppDeps } from '../http/deps';
import { accountPage } from './account';
import { avatarFiles, receiptFiles } from './account/avatar';
import { tourArchives } from './archive';
import { blogPages } from './blog';
import { blogArchives } from './blog/archives';
import { dropinManifest } from './dropin-manifest';
import { favicon } from './favicon';
import { loginPage } from './login-page';
import { manageBooking } from './manage-booking';
import { paymentPage } from './payment';
import { paymentHandoff } from './payment-handoff';
import { paymentOrderGuard } from './payment-order-guard';
import { pluginImages } from './plugin-images';
import { registerPage } from './register';
import { reviewSubmission } from './review-submission';
import { tourListingPages, tourSearchQuery } from './search';
import { tourPage } from './tour';
import { wpLogin } from './wp-login';

/**
 * Every route outside admin-ajax, in the order they are tried: an explicit list, like the action
 * registry. A route that does not own a request calls next(); the rest is the 404 page.
 */
export function pageRoutes(deps: AppDeps): RequestHandler[] {
  return [
    // First: any front-end URL with `tour-search` in its query is the tour search page.
    tourSearchQuery(deps),
    tourPage(deps),
    wpLogin(deps),
    // The guest's manage link and the calendar file: query arguments of ours, on any address.
    manageBooking(deps),
    paymentHandoff(deps),
    paymentOrderGuard(deps),
    paymentPage(deps),
    pluginImages(),
    favicon(deps),
    reviewSubmission(deps),
    loginPage(deps),
    registerPage(deps),
    accountPage(deps),
    avatarFiles(deps),
    receiptFiles(deps),
    tourArchives(deps),
    // The blog's category, tag, author and date archives and the feeds (WordPress's rewrite rules put them before posts and pages).
    blogArchives(deps),
    // Last: the posts index, posts and pages (anything a route above did not take).
    blogPages(deps),
    // What the blog leaves: the search page at its permalink, custom tour taxonomy archives.
    tourListingPages(deps),
    dropinManifest(),
  ];
}
