import { describe, expect, it } from 'vitest';
import { gateEmbeds, thirdPartyHost } from './consent-embeds';
import { raw } from './html';

const gate = (markup: string) => gateEmbeds(raw(markup), 'tours.example.com').value;

describe('gateEmbeds', () => {
  it('holds back another site’s player until marketing consent, with a note offering the settings', () => {
    const out = gate(
      '<p>Watch:</p><iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/abc?si=1&amp;t=2" title="Santorini" allowfullscreen></iframe>',
    );
    expect(out).toBe(
      '<p>Watch:</p><span class="dropin-consent-placeholder" data-consent-placeholder="marketing">This content from youtube-nocookie.com is shown once you accept marketing cookies. <button type="button" data-cookie-settings="">Cookie settings</button></span>' +
        '<iframe data-category="marketing" hidden width="560" height="315" data-src="https://www.youtube-nocookie.com/embed/abc?si=1&amp;t=2" title="Santorini" allowfullscreen></iframe>',
    );
    expect(out).not.toMatch(/\ssrc=/);
  });

  it('takes every quoting of src, and protocol-relative URLs', () => {
    expect(gate("<IFRAME SRC='https://player.vimeo.com/video/1'></IFRAME>")).toContain(
      '<iframe data-category="marketing" hidden data-src="https://player.vimeo.com/video/1"></IFRAME>',
    );
    expect(gate('<iframe src=//maps.google.com/x></iframe>')).toContain('data-src="//maps.google.com/x"');
  });

  it('leaves this site’s iframes, iframes without src and ones already marked as they are', () => {
    for (const markup of [
      '<iframe src="/booking-widget/"></iframe>',
      '<iframe src="https://www.tours.example.com/x"></iframe>',
      '<iframe srcdoc="<p>x</p>"></iframe>',
      '<iframe data-category="marketing" data-src="https://youtube.com/embed/x"></iframe>',
      '<p>no frames</p>',
    ]) {
      expect(gate(markup)).toBe(markup);
    }
  });

  it('names hosts without www. and refuses what is not http(s)', () => {
    expect(thirdPartyHost('https://www.youtube.com/embed/x', 'tours.example.com')).toBe('youtube.com');
    expect(thirdPartyHost('javascript:alert(1)', 'tours.example.com')).toBeUndefined();
    expect(thirdPartyHost('data:text/html,x', 'tours.example.com')).toBeUndefined();
  });
});
