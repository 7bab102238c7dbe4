import { descriptionBlocks } from '@b2g/contracts';
import { colors, lineHeights, space } from '@b2g/ui';
import { css } from '@emotion/react';
import { Fragment } from 'react';

const text = css({ color: colors.foreground, lineHeight: lineHeights.relaxed });
const list = css(text, { paddingLeft: space[6], display: 'grid', gap: space[1] });

/**
 * A job description written as plain text, shown as paragraphs and bullet or numbered lists.
 * Every piece is React text: markup in a description is shown as it is, never run.
 */
export function JobDescription({ description }: { description: string }) {
  return (
    <div css={css({ display: 'grid', gap: space[4] })}>
      {descriptionBlocks(description).map((block, index) => {
        if (block.kind === 'paragraph') {
          return (
            <p key={index} css={text}>
              {block.lines.map((line, at) => (
                <Fragment key={at}>
                  {at > 0 ? <br /> : null}
                  {line}
                </Fragment>
              ))}
            </p>
          );
        }
        const items = block.items.map((item, at) => <li key={at}>{item}</li>);
        return block.kind === 'bullets' ? (
          <ul key={index} css={list}>
            {items}
          </ul>
        ) : (
          <ol key={index} css={list}>
            {items}
          </ol>
        );
      })}
    </div>
  );
}
