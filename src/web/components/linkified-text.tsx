// Renders post content and profile bios with SPEC's post-text rules: http/https and www. links
// become external links, @name mentions become links to that user's profile, and #hashtags (issue
// #51) links to the search for posts with them. Tokens come from the shared tokenizer and render as
// React elements and strings only (no HTML injection).

import { useMemo } from 'react';
import { tokenizePostText } from '../../shared/post-text';
import { paths } from '../config/paths';
import { Link } from '../lib/router';
import { textLinkClasses } from './ui/control-classes';

export function LinkifiedText({ text, className }: { text: string; className?: string }) {
  const tokens = useMemo(() => tokenizePostText(text), [text]);
  const classes = `whitespace-pre-line break-words ${className ?? ''}`.trim();

  return (
    <span className={classes}>
      {tokens.map((token, index) => {
        // Tokens are derived from `text` and never reordered, so the index is a stable key.
        const key = `${index}:${token.type}`;
        switch (token.type) {
          case 'link':
            return (
              <a
                key={key}
                href={token.href}
                target="_blank"
                rel="noopener noreferrer nofollow ugc"
                className={textLinkClasses}
              >
                {token.text}
              </a>
            );
          case 'mention':
          case 'hashtag':
            return (
              <Link
                key={key}
                to={
                  token.type === 'mention'
                    ? paths.userProfile.getHref(token.username)
                    : paths.search.forPosts(token.text)
                }
                className={textLinkClasses}
              >
                {token.text}
              </Link>
            );
          default:
            return token.text;
        }
      })}
    </span>
  );
}
