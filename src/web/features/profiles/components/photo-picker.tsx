import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { Avatar } from '../../../components/avatar';
import { Icon } from '../../../components/icons/icon';
import { compressPhoto, PhotoError } from '../compress-photo';

type PhotoPickerProps = {
  /** Whose photo: the initial shows until there is one. */
  name: string;
  currentUrl: string | null;
  /** The compressed photo to upload, or null while there is none (or it failed). */
  onChange: (photo: File | null) => void;
  disabled?: boolean;
};

// The photo with 'Change Photo' (SPEC §2): image files only, compressed in the browser under an overlay
// reading 'Compressing image...', then previewed. Nothing is uploaded here; the form does that on save.
export function PhotoPicker({ name, currentUrl, onChange, disabled = false }: PhotoPickerProps) {
  const inputId = useId();
  const messageId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [compressing, setCompressing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires a change
    if (!file) return;
    setError(null);
    setCompressing(true);
    try {
      const photo = await compressPhoto(file);
      setPreview(URL.createObjectURL(photo));
      onChange(photo);
    } catch (problem) {
      setError(problem instanceof PhotoError ? problem.message : String(problem));
      setPreview(null);
      onChange(null);
    } finally {
      setCompressing(false);
    }
  }

  return (
    <div className="flex flex-col items-center gap-3">
      <div className="relative">
        <Avatar name={name || '?'} src={preview ?? currentUrl} size="lg" />
        {compressing ? (
          <div
            role="status"
            className="absolute inset-0 flex flex-col items-center justify-center gap-1 rounded-full bg-slate-950/70 px-2 text-center text-xs font-medium text-white"
          >
            <Icon name="loader-circle" className="size-5 animate-spin motion-reduce:animate-none" />
            Compressing image...
          </div>
        ) : null}
      </div>
      <div>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          onChange={pick}
          disabled={disabled || compressing}
          aria-describedby={error ? messageId : undefined}
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-xl border border-slate-300 bg-white px-3.5 text-sm font-semibold text-slate-900 shadow-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          <Icon name="camera" className="size-4" />
          Change Photo
        </label>
      </div>
      {error ? (
        <p
          id={messageId}
          role="alert"
          className="text-center text-sm font-medium text-red-700 dark:text-red-300"
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}
