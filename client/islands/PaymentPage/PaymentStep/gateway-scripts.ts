/**
 * Runs the inline scripts of a gateway's fragment as jQuery's `.html()` did (Stripe's and the other
 * gateways' forms need theirs). Only used for replies of our own server's payment actions.
 */
export function runInlineScripts(root: HTMLElement): void {
  // The page's content-security policy runs inline scripts that carry its nonce (the server's own).
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
  for (const old of root.querySelectorAll('script')) {
    const script = document.createElement('script');
    for (const attr of old.attributes) script.setAttribute(attr.name, attr.value);
    if (nonce) script.nonce = nonce;
    script.text = old.text;
    old.replaceWith(script);
  }
}
