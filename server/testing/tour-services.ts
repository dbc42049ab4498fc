import { getMeta, updateMeta } from '../data/meta';
import type { WpDb } from '../data/tables';
import type { PhpValue } from '../php/values';
import { insertPost } from './posts';

/** A published additional service (`tour_service` post, meta `tourmaster-service-option`); its id. */
export async function insertTourService(wp: WpDb, title: string, option: Record<string, string>): Promise<string> {
  const id = await insertPost(wp, {
    type: 'tour_service',
    slug: title.toLowerCase().replace(/\W+/g, '-'),
    title,
    content: '',
    date: '2026-01-01 00:00:00',
  });
  await updateMeta(wp, 'post', id, 'tourmaster-service-option', option);
  return String(id);
}

/** Offers these services on a tour (its option's `tour-service`); resolves to the undo. */
export async function offerServices(wp: WpDb, tourId: number, ids: readonly string[]): Promise<() => Promise<void>> {
  const option = (await getMeta(wp, 'post', tourId, 'tourmaster-tour-option')) as Record<string, PhpValue>;
  await updateMeta(wp, 'post', tourId, 'tourmaster-tour-option', { ...option, 'tour-service': [...ids] });
  return () => updateMeta(wp, 'post', tourId, 'tourmaster-tour-option', option);
}
