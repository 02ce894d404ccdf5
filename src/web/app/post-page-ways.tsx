import { Icon } from '../components/icons/icon';
import { composeButtonClasses } from '../components/ui/control-classes';
import { paths } from '../config/paths';
import { Link, useNavigate } from '../lib/router';

/**
 * A member's ways on from a post page (issue #51), its own chunk (app/routes/post.tsx): a visitor's
 * first load carries none of it. Back: to the page that opened this one, as the browser's Back would,
 * when that was a page of the app; otherwise (a shared link, JavaScript off) to the dashboard. Search
 * and Create too: the navbar has Copy, Embed and Download in their place here (SPEC §2 Navbar).
 */
export function PostPageWays() {
  const navigate = useNavigate();
  const ghost = composeButtonClasses({ variant: 'ghost', size: 'sm' });
  return (
    <nav aria-label="Page" className="mb-4 -mx-2 flex items-center gap-1">
      <Link
        to={paths.dashboard.getHref()}
        onClick={(event) => {
          // The entry before this one is a page of this visit's app (lib/router.tsx numbers entries).
          if (!(window.history.state?.idx > 0)) return;
          event.preventDefault();
          navigate(-1);
        }}
        className={ghost}
      >
        <Icon name="arrow-left" className="size-4" />
        Back
      </Link>
      <Link to={paths.search.getHref()} className={`${ghost} ml-auto`}>
        <Icon name="search" className="size-4" />
        Search
      </Link>
      {/* ?compose opens the panel, drawn open by the server too (works before the script). */}
      <Link to={`${paths.dashboard.getHref()}?compose`} className={ghost}>
        <Icon name="square-pen" className="size-4" />
        Create a post
      </Link>
    </nav>
  );
}
