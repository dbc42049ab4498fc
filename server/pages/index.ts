import type { RequestHandler } from 'express';
import type { AppDeps } from '../http/deps';
import { accountPage } from './account';
import { avatarFiles } from './account/avatar';
import { blogPages } from './blog';
import { dropinManifest } from './dropin-manifest';
import { loginPage } from './login-page';
import { paymentPage } from './payment';
import { paymentHandoff } from './payment-handoff';
import { paymentOrderGuard } from './payment-order-guard';
import { pluginImages } from './plugin-images';
import { registerPage } from './register';
import { reviewSubmission } from './review-submission';
import { tourPage } from './tour';
import { wpLogin } from './wp-login';

/**
 * Every route outside admin-ajax, in the order they are tried: an explicit list, like the action
 * registry. A route that does not own a request calls next(); the rest is the 404 page.
 */
export function pageRoutes(deps: AppDeps): RequestHandler[] {
  return [
    tourPage(deps),
    wpLogin(deps),
    paymentHandoff(deps),
    paymentOrderGuard(deps),
    paymentPage(deps),
    pluginImages(),
    reviewSubmission(deps),
    loginPage(deps),
    registerPage(deps),
    accountPage(deps),
    avatarFiles(deps),
    // Last: the posts index, posts and pages (anything a route above did not take).
    blogPages(deps),
    dropinManifest(),
  ];
}
