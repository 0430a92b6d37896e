import { useLowData } from '../lib/low-data';

export interface ThumbnailProps {
  src: string | null | undefined;
  /** Its first letter stands in for the picture. */
  name: string;
  className: string;
  /** Added to className on the letter. */
  letterClassName: string;
  width: number;
  height: number;
}

/**
 * A small decorative picture of a row or card, or the first letter of its name when there is
 * none or Low Data Mode is on (a list of admin thumbnails is many images on a prepaid line).
 */
export function Thumbnail({ src, name, className, letterClassName, width, height }: ThumbnailProps) {
  const [lowData] = useLowData();
  if (src && !lowData) return <img className={className} src={src} alt="" width={width} height={height} loading="lazy" decoding="async" />;
  return (
    <span className={`${className} ${letterClassName}`} aria-hidden="true">
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
