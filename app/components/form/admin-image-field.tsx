import { megabytes, UPLOAD_MAX_BYTES } from '../../../domain/uploads';
import { imageFileProblem, uploadAdminImage } from '../../lib/admin-upload';
import { ImageField, type ImageFieldProps } from './image-field';

type AdminImageFieldProps<F extends string> = Omit<ImageFieldProps<F>, 'upload' | 'checkFile' | 'uploadLabel' | 'uploadingLabel'> &
  Partial<Pick<ImageFieldProps<F>, 'upload' | 'uploadLabel' | 'uploadingLabel'>> & {
    /** What the image is ('image', 'logo'): the upload button and its progress name it. */
    noun: string;
  };

/**
 * An admin form's image: a picked file is checked against the admin image limits before any
 * byte is sent, and uploaded with the admin key unless the screen passes its own upload.
 */
export function AdminImageField<F extends string>({ noun, upload = uploadAdminImage, ...props }: AdminImageFieldProps<F>) {
  const article = /^[aeiou]/i.test(noun) ? 'an' : 'a';
  return (
    <ImageField
      uploadLabel={`Or upload ${article} ${noun} (up to ${megabytes(UPLOAD_MAX_BYTES.image)} MB)`}
      uploadingLabel={`Uploading ${noun}...`}
      {...props}
      upload={upload}
      checkFile={imageFileProblem}
    />
  );
}
