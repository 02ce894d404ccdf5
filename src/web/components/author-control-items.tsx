import type { PeopleControl } from '../lib/personal-controls';
import { Icon } from './icons/icon';
import type { MenuItem } from './ui/menu-button';

/**
 * The personal controls a post's or a reply's menu offers about its writer (issue #48, decision 032),
 * as the server's answer allows: "Mute @name" and "Block @name" for a named writer; for an anonymous
 * one "Mute this author", which hides that text alone (`muteAnonymous`), never the person.
 */
export function authorControlItems(
  text: {
    author: { username: string } | null;
    canMuteAuthor: 'person' | 'post' | 'none';
    canBlockAuthor: boolean;
  },
  actions: {
    act: (control: PeopleControl, username: string, on: boolean) => Promise<void>;
    /** Absent where the text is already hidden. */
    muteAnonymous?: () => void;
  },
): MenuItem[] {
  const { author, canMuteAuthor, canBlockAuthor } = text;
  const mute = <Icon name="volume-x" className="size-4" />;
  const items: MenuItem[] = [];
  if (canMuteAuthor === 'person' && author) {
    const { username } = author;
    items.push({
      key: 'mute',
      label: `Mute @${username}`,
      icon: mute,
      onSelect: () => void actions.act('mute', username, true),
    });
  } else if (canMuteAuthor === 'post' && actions.muteAnonymous) {
    items.push({ key: 'mute', label: 'Mute this author', icon: mute, onSelect: actions.muteAnonymous });
  }
  if (canBlockAuthor && author) {
    const { username } = author;
    items.push({
      key: 'block',
      label: `Block @${username}`,
      icon: <Icon name="ban" className="size-4" />,
      onSelect: () => void actions.act('block', username, true),
    });
  }
  return items;
}
