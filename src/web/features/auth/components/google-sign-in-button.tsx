import { GoogleIcon } from '../../../components/icons/google-icon';
import { composeButtonClasses } from '../../../components/ui/control-classes';

export function GoogleSignInButton({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      disabled={busy}
      onClick={onClick}
      className={composeButtonClasses({ variant: 'secondary', className: 'w-full' })}
    >
      <GoogleIcon />
      Continue with Google
    </button>
  );
}
