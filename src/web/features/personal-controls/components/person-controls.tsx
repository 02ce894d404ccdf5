import type { Profile } from '../../../../shared/profiles';
import { CONTROL_MESSAGES } from '../../../../shared/values/personal-controls';
import { Icon } from '../../../components/icons/icon';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { MenuButton, type MenuItem } from '../../../components/ui/menu-button';
import { usePeopleControlAction } from '../../../lib/personal-controls';

type Controls = NonNullable<Profile['controls']>;

/**
 * Mute and block someone from their profile (issue #48, decision 032), as their profile's answer offers
 * (`controls`): a menu beside their name with Mute or Unmute and Block or Unblock. A block asks first;
 * each says what it did, with Undo. They are never told.
 */
export function PersonControls({ username, controls }: { username: string; controls: Controls }) {
  const act = usePeopleControlAction();
  const items: MenuItem[] = [];
  if (controls.canMute || controls.muted) {
    items.push({
      key: 'mute',
      label: controls.muted ? `Unmute @${username}` : `Mute @${username}`,
      icon: <Icon name="volume-x" className="size-4" />,
      onSelect: () => void act('mute', username, !controls.muted),
    });
  }
  if (controls.canBlock || controls.blocked) {
    items.push({
      key: 'block',
      label: controls.blocked ? `Unblock @${username}` : `Block @${username}`,
      icon: <Icon name="ban" className="size-4" />,
      onSelect: () => void act('block', username, !controls.blocked),
    });
  }
  if (items.length === 0) return null;
  return (
    <MenuButton
      label={`More options for @${username}`}
      buttonContent={<Icon name="ellipsis" className="size-5" />}
      buttonClassName={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
      items={items}
    />
  );
}

/** Above the posts of someone the viewer blocked: they see nothing of each other's named posts. */
export function BlockedNotice({ username }: { username: string }) {
  const act = usePeopleControlAction();
  return (
    <div className="mt-8 flex flex-wrap items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <Icon name="ban" className="size-5 shrink-0 text-slate-600 dark:text-slate-300" />
      <p className="flex-1 text-slate-700 dark:text-slate-200">
        {CONTROL_MESSAGES.blockedNotice} Neither of you sees the other’s named posts.
      </p>
      <button
        type="button"
        onClick={() => void act('block', username, false)}
        className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
      >
        Unblock
      </button>
    </div>
  );
}
