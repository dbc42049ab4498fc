import type { RequestHandler } from 'express';

/**
 * The Tour Master images the payment page links to (`wp-content/plugins/tourmaster/images/…`).
 * Behind a WordPress site its web server answers these from the plugin's folder and they never
 * reach us; the embedded site has no plugin folder, so we answer with drawn stand-ins rather than
 * leave broken images on the payment step. SVG, whatever the name's extension: browsers go by the
 * content type.
 */
const PATH = /^\/wp-content\/plugins\/tourmaster\/images\/([a-z-]+)\.png$/;

const card = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
const font = 'font-family="Arial,Helvetica,sans-serif" font-weight="700"';

const IMAGES: Readonly<Record<string, string>> = {
  paypal: card(
    170,
    76,
    `<rect width="170" height="76" rx="6" fill="#fff" stroke="#d9dde3"/><text x="85" y="47" text-anchor="middle" ${font} font-size="28" font-style="italic"><tspan fill="#253b80">Pay</tspan><tspan fill="#179bd7">Pal</tspan></text>`,
  ),
  'credit-card': card(
    170,
    76,
    `<rect width="170" height="76" rx="6" fill="#fff" stroke="#d9dde3"/><rect x="22" y="22" width="44" height="32" rx="4" fill="#3c4a5e"/><rect x="22" y="29" width="44" height="6" fill="#9aa6b8"/><text x="76" y="44" ${font} font-size="15" fill="#3c4a5e">Credit Card</text>`,
  ),
  visa: card(
    48,
    30,
    `<rect width="48" height="30" rx="3" fill="#1a1f71"/><text x="24" y="20" text-anchor="middle" ${font} font-size="13" font-style="italic" fill="#fff">VISA</text>`,
  ),
  'master-card': card(
    48,
    30,
    `<rect width="48" height="30" rx="3" fill="#fff" stroke="#d9dde3"/><circle cx="19" cy="15" r="9" fill="#eb001b"/><circle cx="29" cy="15" r="9" fill="#f79e1b" fill-opacity=".85"/>`,
  ),
  'american-express': card(
    48,
    30,
    `<rect width="48" height="30" rx="3" fill="#2e77bc"/><text x="24" y="19" text-anchor="middle" ${font} font-size="10" fill="#fff">AMEX</text>`,
  ),
  jcb: card(
    48,
    30,
    `<rect width="48" height="30" rx="3" fill="#fff" stroke="#d9dde3"/><text x="24" y="20" text-anchor="middle" ${font} font-size="13" fill="#0e4c96">JCB</text>`,
  ),
};

export function pluginImages(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = PATH.exec(req.path)?.[1];
    const svg = name === undefined ? undefined : IMAGES[name];
    if (svg === undefined) return next();
    res.set({ 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' }).send(svg);
  };
}
