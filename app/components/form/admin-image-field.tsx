import { megabytes, UPLOAD_MAX_BYTES } from '../../../domain/uploads';
import { imageFileProblem, uploadAdminImage } from '../../lib/admin-upload';
import { ImageField, type ImageFieldProps } from './image-field';

type Props = ImageFieldProps<'imageUrl'>;

type AdminImageFieldProps = Omit<Props, 'name' | 'value' | 'onChange' | 'upload' | 'checkFile' | 'uploadLabel' | 'uploadingLabel'> &
  Partial<Pick<Props, 'upload' | 'uploadLabel' | 'uploadingLabel'>> & {
    /** What the image is ('image', 'logo'): the upload button and its progress name it. */
    noun: string;
    /** The form's draft and its setter (use-draft.ts): the field edits the draft's imageUrl. */
    draft: readonly [{ imageUrl: string }, (name: 'imageUrl', url: string) => void];
  };

/**
 * An admin form's image, its `imageUrl`: a picked file is checked against the admin image
 * limits before any byte is sent, and uploaded with the admin key unless the screen passes its
 * own upload.
 */
export function AdminImageField({ noun, draft: [values, set], upload = uploadAdminImage, ...props }: AdminImageFieldProps) {
  const article = /^[aeiou]/i.test(noun) ? 'an' : 'a';
  return (
    <ImageField
      uploadLabel={`Or upload ${article} ${noun} (up to ${megabytes(UPLOAD_MAX_BYTES.image)} MB)`}
      uploadingLabel={`Uploading ${noun}...`}
      {...props}
      name="imageUrl"
      value={values.imageUrl}
      onChange={(url) => set('imageUrl', url)}
      upload={upload}
      checkFile={imageFileProblem}
    />
  );
}
