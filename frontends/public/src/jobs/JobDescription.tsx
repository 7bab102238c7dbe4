import { descriptionBlocks } from '@b2g/contracts';
import { colors, fontSizes, fontWeights, lineHeights, space } from '@b2g/ui';
import { css } from '@emotion/react';
import { Fragment } from 'react';

const text = css({ color: colors.foreground, lineHeight: lineHeights.relaxed });
const list = css(text, { margin: 0, paddingLeft: space[6], display: 'grid', gap: space[1] });
const heading = css({
  fontSize: fontSizes.lg,
  fontWeight: fontWeights.semibold,
  marginTop: space[2],
});

/**
 * The sections job descriptions are written in: a line of its own that names one (a colon after
 * it or not) is that section's heading. Any other short line stays text.
 */
const SECTION_TITLE =
  /^(?:about (?:the|this) (?:role|job|position|team|company)|about us|(?:key |primary |main |your )?responsibilities|(?:basic |minimum |required |preferred |desired |additional )?qualifications|(?:requirements|required skills|preferred skills|skills|nice to have|education|benefits|compensation|perks|duties|security clearance|clearance|the role|overview|who you are|what you(?:'|’)ll do|what you will do|what you(?:'|’)ll bring|what you bring|what we offer|why join us))\s*:?$/i;

/**
 * A job description written as plain text, shown as section headings, paragraphs and bullet or
 * numbered lists.
 * Every piece is React text: markup in a description is shown as it is, never run.
 */
export function JobDescription({ description }: { description: string }) {
  return (
    <div css={css({ display: 'grid', gap: space[4] })}>
      {descriptionBlocks(description).map((block, index) => {
        if (block.kind === 'paragraph') {
          const [first = '', ...rest] = block.lines;
          const titled = SECTION_TITLE.test(first);
          const lines = titled ? rest : block.lines;
          return (
            <Fragment key={index}>
              {titled ? <h3 css={heading}>{first.replace(/\s*:$/, '')}</h3> : null}
              {lines.length > 0 ? (
                <p css={text}>
                  {lines.map((line, at) => (
                    <Fragment key={at}>
                      {at > 0 ? <br /> : null}
                      {line}
                    </Fragment>
                  ))}
                </p>
              ) : null}
            </Fragment>
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
