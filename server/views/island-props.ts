import { islandPropsScript } from '../../client/common/island-props';
import { raw, type SafeHtml } from './html';

/**
 * An island's typed props as the first child of its marker (client/common/island-props.ts): the
 * island renders from these on our pages; the legacy markup beside them stays for the legacy
 * front end and for parity.
 */
export function islandProps<T>(island: string, props: T): SafeHtml {
  return raw(islandPropsScript(island, props));
}
