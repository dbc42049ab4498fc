import { describe, expect, it } from 'vitest';
import { parseBlocks, renderBlocks } from './blocks';

const render = (text: string) =>
  renderBlocks(parseBlocks(text), (block) =>
    block.name === 'core/archives' ? `[archives ${JSON.stringify(block.attrs)}]` : undefined,
  );

describe('block markup as do_blocks renders it in a classic theme', () => {
  it('prints static blocks as stored, a group with its flow layout and inner container, a heading with its class', () => {
    expect(
      render(
        '<!-- wp:group --><div class="wp-block-group"><!-- wp:heading --><h2>Archives</h2><!-- /wp:heading --><!-- wp:archives {"showPostCounts":true} /--></div><!-- /wp:group -->',
      ),
    ).toBe(
      '<div class="wp-block-group is-layout-flow wp-block-group-is-layout-flow"><div class="wp-block-group__inner-container"><h2 class="wp-block-heading">Archives</h2>[archives {"showPostCounts":true}]</div></div>',
    );
    expect(render('<!-- wp:heading {"level":3} --><h3 class="big">Hi</h3><!-- /wp:heading -->')).toBe(
      '<h3 class="big wp-block-heading">Hi</h3>',
    );
  });

  it('leaves out dynamic blocks it has no renderer for, never printing their comments', () => {
    expect(render('<p>a</p><!-- wp:latest-posts {"postsToShow":3} /--><!-- wp:search /--><p>b</p>')).toBe(
      '<p>a</p><p>b</p>',
    );
    expect(render('<!-- wp:acme/widget {"x":"}"} /-->')).toBe('');
  });

  it('reads namespaced names, nesting, unclosed blocks and stray closers without losing text', () => {
    const parts = parseBlocks(
      '<!-- wp:acme/box --><div><!-- wp:paragraph --><p>x</p><!-- /wp:paragraph --></div><!-- /wp:acme/box -->',
    );
    expect(parts).toHaveLength(1);
    expect(typeof parts[0] === 'object' && parts[0].name).toBe('acme/box');
    expect(render('<!-- wp:paragraph --><p>open')).toBe('<p>open');
    expect(render('<p>x</p><!-- /wp:paragraph --><p>y</p>')).toBe('<p>x</p><p>y</p>');
    expect(render('<!-- wp:paragraph {not json} --><p>z</p><!-- /wp:paragraph -->')).toBe('<p>z</p>');
  });
});
