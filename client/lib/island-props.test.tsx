import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { islandPropsScript } from '../common/island-props';
import { readIslandProps } from './island-props';
import { ServerFragment } from './ServerFragment';

const schema = z.object({ title: z.string(), count: z.number() });

function markerWith(inner: string): HTMLElement {
  const marker = document.createElement('div');
  marker.innerHTML = inner;
  document.body.append(marker);
  return marker;
}

describe('island props beside the marker', () => {
  it('reads what the server serialised, text that could close the script included, and removes the script', () => {
    const title = '</script><script>alert(1)</script> & \u2028';
    const marker = markerWith(`${islandPropsScript('Demo', { title, count: 2 })}<p>legacy</p>`);
    expect(marker.querySelector('script')?.textContent).not.toContain('</script>');
    expect(readIslandProps('Demo', marker, schema)).toEqual({ title, count: 2 });
    expect(marker.querySelector('script')).toBeNull();
  });

  it('is undefined where the page has none (WordPress rendered it), and ignores another island’s', () => {
    expect(readIslandProps('Demo', markerWith('<p>legacy</p>'), schema)).toBeUndefined();
    expect(readIslandProps('Demo', markerWith(islandPropsScript('Other', {})), schema)).toBeUndefined();
  });

  it('throws with the island’s name on props that do not fit the schema or are not JSON', () => {
    expect(() => readIslandProps('Demo', markerWith(islandPropsScript('Demo', { title: 1 })), schema)).toThrow(
      /\[island Demo\] invalid props/,
    );
    const broken = markerWith('<script type="application/json" data-island-props="Demo">{nope</script>');
    expect(() => readIslandProps('Demo', broken, schema)).toThrow(/not JSON/);
  });
});

describe('ServerFragment', () => {
  it('shows the server’s content and announces it to the island loader', () => {
    const announced = vi.fn();
    document.addEventListener('island:content', announced);
    render(<ServerFragment html='<p class="tourmaster-x">A card</p>' className="wrap" />);
    expect(screen.getByText('A card').className).toBe('tourmaster-x');
    expect(announced).toHaveBeenCalledTimes(1);
    document.removeEventListener('island:content', announced);
  });
});
