import { type ListSectionProps, listSectionProps } from '../../common/islands/ListSection';
import { readIslandProps } from '../../lib/island-props';
import { renderInto } from '../../lib/render-island';
import { adaptListSection, sectionContent } from './adapter';
import { ListSection } from './ListSection';

/**
 * What a tour list (`div.tourmaster-tour-item`) gives the island: its props as our page wrote them,
 * or as the adapter reads them from the plugin's markup, and its server content (the cards, what
 * precedes the controls). Undefined for a list without ajax controls (a carousel, link pagination).
 */
export function listSectionOf(
  section: HTMLElement,
): { props: ListSectionProps; cards: string; lead: string } | undefined {
  const props = readIslandProps('ListSection', section, listSectionProps) ?? adaptListSection(section);
  return props && { props, ...sectionContent(section) };
}

/** Draws the list as a React tree in its own element; a list without controls is left as it is. */
export function mount(section: HTMLElement): (() => void) | undefined {
  const list = listSectionOf(section);
  return list && renderInto(section, <ListSection {...list} />);
}
