import type { ReactElement } from 'react';
import type { MenuItem } from '../wp/menus';
import { gateEmbeds } from './consent-embeds';
import { SafeHtml } from './html';

/** What the header and footer show besides the site's name. */
export interface ShellData {
  /** The main menu (the site's assigned menu, else its pages). */
  nav: readonly MenuItem[];
  /** The privacy policy page (`wp_page_for_privacy_policy`), when published. */
  privacyUrl?: string;
  /** The site's RSS feed (`/feed/`, pretty permalinks only), for the head's alternate link. */
  feedUrl?: string;
  /**
   * The theme's footer widget areas (services/site/footer-widgets.ts), kept between requests while
   * their inputs stay the same (so a render key names them by id: pages/render-cache.ts); absent when empty.
   */
  footerWidgets?: SafeHtml;
}

/**
 * The page shell every server-rendered page shares, rendered with React (static markup, no
 * hydration): the document head (title, description, canonical link, our stylesheet and the client
 * bundle from the Vite manifest), the dark top bar holding the plugin's user top bar, the navy
 * header with the logo and the main menu (a sidebar below 1000 px, the MobileMenu island), an
 * optional title bar, the main slot, the footer and the scroll-to-top button (the ScrollToTop
 * island). The content slot takes either HTML built with views/html.ts (the plugin's markup, with
 * its class names, for the islands and legacy scripts) or a React element.
 *
 * The theme's and plugin's stylesheets and scripts are not loaded: client/styles/ is written for
 * the markup we print. The replay compares pages by their content region
 * (`tourmaster-template-wrapper`), never by the whole document.
 */
export interface PageProps {
  // Plain data and kept parts besides `content`: renderPage keys the rendered document by their
  // JSON (pages/render-cache.ts `renderKey`).
  /** The page's own title, as text: `<title>{title} – {siteName}</title>` and the title bar. */
  title: string;
  /**
   * The whole `<title>` text where a page follows WordPress's own rules for it (pages, posts,
   * archives, paged lists: `documentTitle` in pages/document-title.ts) instead of ours.
   */
  documentTitle?: string;
  /** `blogname`, as text. */
  siteName: string;
  /** `home` without trailing slash: the header's link. */
  homeUrl: string;
  /** `siteurl` without trailing slash. */
  siteUrl: string;
  /** The page's content: the plugin's markup (legacy class names) as HTML, or a React element. */
  content: SafeHtml | ReactElement;
  /** Extra `<body>` classes, e.g. `tourmaster-template-user` (engagement.md §4). */
  bodyClass?: string;
  /** `<meta name="robots">`; WordPress prints `max-image-preview:large` on public pages. */
  robots?: string;
  /** `<meta name="description">`. */
  description?: string;
  /** `<link rel="canonical">`. */
  canonical?: string;
  /** `feed_links_extra`: the page's own feeds (an archive's), after the site's feed (`shell.feedUrl`). */
  feeds?: { title: string; href: string }[];
  /** The top bar (login/sign-up or the user menu), as HTML; nothing when absent. */
  topBar?: SafeHtml;
  /** Show the title bar (`traveltour-page-title`) above the content (default true). */
  showTitle?: boolean;
  /**
   * The theme's caption above the title in the title bar (`h3.traveltour-page-caption`): "Category"
   * or "Tag" on the tour taxonomy archives, as text.
   */
  titleCaption?: string;
  /** The theme's caption under the title (`div.traveltour-page-caption`): a search's keywords, as text. */
  titleSubtitle?: string;
  /** `<html lang>` (default `en-US`). */
  lang?: string;
  /**
   * The main menu, its mobile sidebar and the footer links (`loadShell` in shell.ts). Required: a
   * visitor must be able to leave every page by the menu (a site without pages shows the logo only).
   */
  shell: ShellData;
}

/** The client build's entry files (pages/layout.tsx reads them from the Vite manifest). */
export interface ClientAssets {
  scripts: string[];
  stylesheets: string[];
}

type ShellProps = PageProps & { assets: ClientAssets; scriptNonce: string | undefined };

/** The site's host, for telling its own iframes from other sites' (`home` is always absolute). */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

/** `<div>` holding HTML we built (views/html.ts escapes every value it holds). */
function Html({
  html,
  className,
  id,
  tag = 'div',
}: {
  html: SafeHtml;
  className?: string;
  id?: string;
  tag?: 'div' | 'main';
}) {
  const Tag = tag;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: SafeHtml (views/html.ts) escapes every value it holds
  return <Tag className={className} id={id} dangerouslySetInnerHTML={{ __html: html.value }} />;
}

/** The theme's default logo: a paper plane and the TRAVELTOUR wordmark; the link's name is the site's. */
function Logo({ homeUrl, siteName }: { homeUrl: string; siteName: string }) {
  return (
    <a className="dropin-site-name" href={`${homeUrl}/`}>
      <svg className="dropin-logo-mark" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M2.5 11.2 21 3.5l-3.6 16.4-5.2-4.3-2.7 3.1-.4-4.6 8.2-8-10 6.6z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
      <span className="dropin-wordmark" aria-hidden="true">
        <span className="dropin-wordmark-travel">Travel</span>Tour
      </span>
      <span className="dropin-visually-hidden">{siteName}</span>
    </a>
  );
}

function MenuList({
  items,
  className,
  linkClass,
}: {
  items: readonly MenuItem[];
  className: string;
  linkClass: string;
}) {
  return (
    <ul className={className}>
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static markup, the order never changes
        <li key={i} className={item.children.length ? 'menu-item menu-item-has-children' : 'menu-item'}>
          <a className={linkClass} href={item.url}>
            {item.title}
          </a>
          {item.children.length ? <MenuList items={item.children} className="sub-menu" linkClass={linkClass} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** The magnifier of the theme's header (`fa-search`), drawn: the icon font is not loaded. */
function SearchIcon() {
  return (
    <svg className="dropin-search-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
      <path d="m15.5 15.5 5.5 5.5" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The theme's header search (`#traveltour-top-search` and its `.traveltour-top-search-wrap`
 * overlay): the magnifier opens a full-screen form that searches the site's posts (`GET /?s=`,
 * WordPress's search results). The overlay is a modal `<dialog>` the HeaderSearch island opens and
 * closes (focus in the field, Escape or the close button close it); the button stays hidden until
 * the island runs, so a page without script shows no dead control.
 */
function HeaderSearch({ homeUrl }: { homeUrl: string }) {
  return (
    <div className="dropin-header-search" data-header-search="">
      <button
        type="button"
        className="traveltour-main-menu-search"
        id="traveltour-top-search"
        aria-haspopup="dialog"
        aria-controls="traveltour-top-search-wrap"
        hidden
      >
        <SearchIcon />
        <span className="dropin-visually-hidden">Search</span>
      </button>
      <dialog className="traveltour-top-search-wrap" id="traveltour-top-search-wrap" aria-label="Search the site">
        <div className="traveltour-top-search-row">
          <div className="traveltour-top-search-cell">
            <search>
              <form method="get" className="search-form" action={`${homeUrl}/`}>
                <input
                  type="text"
                  className="search-field traveltour-title-font"
                  placeholder="Search..."
                  name="s"
                  maxLength={200}
                  required
                  aria-label="Search for"
                />
                <button type="submit" className="traveltour-top-search-submit">
                  <SearchIcon />
                  <span className="dropin-visually-hidden">Search</span>
                </button>
              </form>
            </search>
            <button type="button" className="traveltour-top-search-close" data-header-search-close="">
              <span aria-hidden="true">×</span>
              <span className="dropin-visually-hidden">Close search</span>
            </button>
          </div>
        </div>
      </dialog>
    </div>
  );
}

/** The hamburger and the sidebar it opens below 1000 px (client/islands/MobileMenu). */
function MobileMenu({ nav }: { nav: readonly MenuItem[] }) {
  return (
    <div className="dropin-mobile-menu" data-mobile-menu="">
      <button
        type="button"
        className="dropin-mobile-menu-button"
        aria-expanded="false"
        aria-controls="dropin-mobile-menu-panel"
        data-mobile-menu-toggle=""
      >
        <span className="dropin-hamburger" aria-hidden="true" />
        <span className="dropin-visually-hidden">Menu</span>
      </button>
      <div className="dropin-mobile-menu-panel" id="dropin-mobile-menu-panel" hidden>
        <div className="dropin-mobile-menu-overlay" data-mobile-menu-close="" />
        <div className="dropin-mobile-menu-sidebar" role="dialog" aria-modal="true" aria-label="Menu">
          <button type="button" className="dropin-mobile-menu-close" data-mobile-menu-close="">
            <span aria-hidden="true">×</span>
            <span className="dropin-visually-hidden">Close menu</span>
          </button>
          <nav aria-label="Main">
            <MenuList items={nav} className="dropin-mobile-menu-list" linkClass="dropin-mobile-link" />
          </nav>
        </div>
      </div>
    </div>
  );
}

function DocumentHead(props: ShellProps) {
  return (
    <head>
      <meta charSet="UTF-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{props.documentTitle ?? (props.siteName ? `${props.title} \u2013 ${props.siteName}` : props.title)}</title>
      {props.robots ? <meta name="robots" content={props.robots} /> : null}
      {props.description ? <meta name="description" content={props.description} /> : null}
      {props.canonical ? <link rel="canonical" href={props.canonical} /> : null}
      {props.shell.feedUrl ? (
        <link
          rel="alternate"
          type="application/rss+xml"
          title={`${props.siteName} \u00bb Feed`}
          href={props.shell.feedUrl}
        />
      ) : null}
      {props.feeds?.map((feed) => (
        <link key={feed.href} rel="alternate" type="application/rss+xml" title={feed.title} href={feed.href} />
      ))}
      {props.assets.stylesheets.map((href) => (
        <link key={href} rel="stylesheet" href={href} />
      ))}
      {props.assets.scripts.map((src) => (
        // The nonce is not needed to load it ('self'); it tells the islands the page's nonce.
        <script key={src} type="module" src={src} nonce={props.scriptNonce} />
      ))}
    </head>
  );
}

function TopBar({ topBar }: { topBar: SafeHtml | undefined }) {
  return (
    <div className="traveltour-top-bar">
      <div className="traveltour-top-bar-container traveltour-container clearfix">
        {topBar ? <Html className="traveltour-top-bar-right" html={topBar} /> : null}
      </div>
    </div>
  );
}

function SiteHeader({ homeUrl, siteName, nav }: { homeUrl: string; siteName: string; nav: readonly MenuItem[] }) {
  return (
    <header className="traveltour-header-wrap dropin-header">
      <div className="traveltour-header-container traveltour-container">
        <div className="traveltour-logo">
          <Logo homeUrl={homeUrl} siteName={siteName} />
        </div>
        {nav.length ? (
          <nav className="traveltour-navigation dropin-nav" aria-label="Main">
            <MenuList items={nav} className="sf-menu dropin-nav-list" linkClass="dropin-nav-link" />
          </nav>
        ) : null}
        <HeaderSearch homeUrl={homeUrl} />
        {nav.length ? <MobileMenu nav={nav} /> : null}
      </div>
    </header>
  );
}

function TitleBar({
  title,
  caption,
  subtitle,
}: {
  title: string;
  caption: string | undefined;
  subtitle: string | undefined;
}) {
  return (
    <div className="traveltour-page-title-wrap traveltour-style-small traveltour-left-align">
      <div className="traveltour-page-title-container traveltour-container">
        <div className="traveltour-page-title-content traveltour-item-pdlr">
          {caption ? <h3 className="traveltour-page-caption">{caption}</h3> : null}
          <h1 className="traveltour-page-title">{title}</h1>
          {subtitle ? <div className="traveltour-page-caption traveltour-page-subtitle">{subtitle}</div> : null}
        </div>
      </div>
    </div>
  );
}

/** The content slot; HTML content has its third-party embeds gated behind consent. */
function MainContent({ content, homeUrl }: { content: SafeHtml | ReactElement; homeUrl: string }) {
  return content instanceof SafeHtml ? (
    <Html
      tag="main"
      className="traveltour-page-wrapper"
      id="traveltour-page-wrapper"
      html={gateEmbeds(content, hostOf(homeUrl))}
    />
  ) : (
    <main className="traveltour-page-wrapper" id="traveltour-page-wrapper">
      {content}
    </main>
  );
}

function SiteFooter({
  homeUrl,
  siteName,
  privacyUrl,
  widgets,
}: {
  homeUrl: string;
  siteName: string;
  privacyUrl?: string;
  widgets?: SafeHtml;
}) {
  return (
    <footer className="dropin-footer">
      {/* The theme's widget areas (services/site/footer-widgets.ts builds the HTML, escaping what it prints). */}
      {widgets ? <Html className="dropin-footer-widgets" html={widgets} /> : null}
      <div className="traveltour-container dropin-footer-container">
        <a className="dropin-footer-name" href={`${homeUrl}/`}>
          {siteName}
        </a>
        <span className="dropin-footer-links">
          {privacyUrl ? (
            <a className="dropin-footer-link" href={privacyUrl}>
              Privacy Policy
            </a>
          ) : null}
          {/* The consent island's marker: shown once it runs (client/islands/CookieConsent). */}
          <button
            type="button"
            className="dropin-footer-link dropin-cookie-settings"
            data-cookie-consent=""
            data-privacy-url={privacyUrl}
            hidden
          >
            Cookie settings
          </button>
          <span className="dropin-footer-copy">© {siteName}</span>
        </span>
      </div>
    </footer>
  );
}

/** The whole document (without its doctype). */
export function Page(props: ShellProps) {
  return (
    <html lang={props.lang ?? 'en-US'}>
      <DocumentHead {...props} />
      <body className={['tourmaster-body traveltour-body', props.bodyClass].filter(Boolean).join(' ')}>
        <a className="dropin-skip-link" href="#traveltour-page-wrapper">
          Skip to content
        </a>
        <div className="traveltour-body-outer-wrapper" id="dropin-top" tabIndex={-1}>
          <TopBar topBar={props.topBar} />
          <SiteHeader homeUrl={props.homeUrl} siteName={props.siteName} nav={props.shell.nav} />
          {props.showTitle === false ? null : (
            <TitleBar title={props.title} caption={props.titleCaption} subtitle={props.titleSubtitle} />
          )}
          <MainContent content={props.content} homeUrl={props.homeUrl} />
          <SiteFooter
            homeUrl={props.homeUrl}
            siteName={props.siteName}
            privacyUrl={props.shell.privacyUrl}
            widgets={props.shell.footerWidgets}
          />
        </div>
        <button type="button" className="dropin-scroll-to-top" data-scroll-to-top="" hidden>
          <span className="dropin-scroll-to-top-icon" aria-hidden="true" />
          <span className="dropin-visually-hidden">Back to top</span>
        </button>
      </body>
    </html>
  );
}
