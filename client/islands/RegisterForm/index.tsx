import { flushSync } from 'react-dom';
import { registerTermSchema } from '../../common/islands/RegisterForm';
import { readIslandProps } from '../../lib/island-props';
import { renderInto } from '../../lib/render-island';
import { registerTermFromMarkup } from './adapter';
import { RegisterTerm } from './RegisterTerm';

/**
 * The register form (register page, Sign Up lightbox): its terms block is rendered by React from
 * the typed props (the server's, beside the form, else adapter.ts's reading of the plugin's
 * markup). The rest of the form is the server's and is sent as the browser sends it.
 */
export function mount(form: HTMLElement): (() => void) | undefined {
  // The hidden lightbox template is only copied; its copy is mounted on its own.
  if (form.closest('[data-tmlb-id]') && !form.closest('.tourmaster-lightbox-wrapper')) return undefined;
  const term = form.querySelector('.tourmaster-register-term');
  if (!term) return undefined;
  const props = readIslandProps('RegisterForm', form, registerTermSchema) ?? registerTermFromMarkup(term);
  term.replaceChildren();
  let unmount: () => void = () => undefined;
  // At once: the rule must hold from the moment the island says it is mounted.
  flushSync(() => {
    unmount = renderInto(term, <RegisterTerm {...props} />);
  });
  return unmount;
}
