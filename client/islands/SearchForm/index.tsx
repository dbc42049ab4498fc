import { searchFormProps } from '../../common/islands/SearchForm';
import { readIslandProps } from '../../lib/island-props';
import { renderInto } from '../../lib/render-island';
import { adaptSearchForm } from './adapter';
import { SearchForm } from './SearchForm';

/**
 * Draws the search form's fields inside the plugin's `form` (its action, GET and classes stay the
 * server's): props as our page wrote them, or as the adapter reads them from WordPress's markup.
 */
export function mount(form: HTMLElement): () => void {
  const props = readIslandProps('SearchForm', form, searchFormProps) ?? adaptSearchForm(form);
  return renderInto(form, <SearchForm parts={props.parts} />);
}
