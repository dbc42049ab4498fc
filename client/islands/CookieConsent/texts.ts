import type * as CookieConsent from 'vanilla-cookieconsent';
import { MARKETING, NECESSARY } from '../../lib/consent';

/** The bar's and the settings dialog's English texts; `privacy` is the policy link's markup, or empty. */
export function englishTexts(privacy: string): CookieConsent.Translation {
  return {
    consentModal: {
      label: 'Cookie consent',
      title: 'Cookies on this site',
      // Short, so the bar stays small on a phone (issue 17): the settings dialog says the rest.
      description: `Technical cookies keep the site working. Marketing cookies (where your visit came from, videos from other sites) only with your consent.${privacy ? ` ${privacy}` : ''}`,
      acceptAllBtn: 'Accept all',
      acceptNecessaryBtn: 'Reject marketing',
      showPreferencesBtn: 'Cookie settings',
    },
    preferencesModal: {
      title: 'Cookie settings',
      acceptAllBtn: 'Accept all',
      acceptNecessaryBtn: 'Reject marketing',
      savePreferencesBtn: 'Save my choice',
      closeIconLabel: 'Close cookie settings',
      sections: preferenceSections(privacy),
    },
  };
}

/** The settings dialog: what the choice is, then one section per category. */
function preferenceSections(privacy: string): CookieConsent.Section[] {
  return [
    {
      description: `Choose which cookies this site may use. You can change your choice at any time with the "Cookie settings" link at the bottom of every page.${privacy ? ` ${privacy}.` : ''}`,
    },
    {
      title: 'Technical cookies',
      description:
        'Needed for the site to work: your login, the booking you are making, your cookie choice. Always on.',
      linkedCategory: NECESSARY,
    },
    {
      title: 'Marketing',
      description:
        'Where your visit came from (a campaign link, a search engine or another site), kept for six months and stored with your booking; videos embedded from other sites (YouTube, Vimeo), which set cookies of their own.',
      linkedCategory: MARKETING,
      cookieTable: marketingCookieTable(),
    },
  ];
}

/** The attribution cookies (lib/attribution-cookies.ts) as the visitor is told of them. */
function marketingCookieTable(): CookieConsent.CookieTable {
  return {
    caption: 'Marketing cookies of this site',
    headers: { name: 'Cookie', duration: 'Kept for', description: 'What it holds' },
    body: [
      {
        name: 'dropin_attr_first',
        duration: '6 months',
        description: 'Where your first visit came from',
      },
      {
        name: 'dropin_attr_current',
        duration: '6 months',
        description: 'Where your latest visit came from',
      },
      {
        name: 'dropin_attr_session',
        duration: '30 minutes',
        description: 'Pages seen in this visit',
      },
    ],
  };
}
