import { AsklineChooser } from '../features/asklines/components/askline-chooser';
import { CreatePostPanel } from '../features/posts/components/create-post-panel';

// The dashboard's create-post panel with its askline chooser: a chunk of its own, loaded when the panel
// opens (the dashboard opens with it closed), so the dashboard's first load carries neither it nor the
// form's checks (the `schemas` chunk). A tap on "Create a post" before it arrives opens it when it has.
export function DashboardCreatePost({
  asklineId,
  onAsklineChange,
  onPosted,
  initialContent,
}: {
  asklineId: string | null;
  onAsklineChange: (asklineId: string | null) => void;
  onPosted: (postId: string | null) => void;
  initialContent: string;
}) {
  return (
    <CreatePostPanel
      asklineId={asklineId}
      asklineChooser={
        <AsklineChooser asklineId={asklineId} onChange={(askline) => onAsklineChange(askline?.id ?? null)} />
      }
      onPosted={onPosted}
      initialContent={initialContent}
      autoFocus
    />
  );
}
